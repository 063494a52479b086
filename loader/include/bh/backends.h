/* SPDX-License-Identifier: MIT */
/* Constructors of the platform backends built into this configuration. */
#ifndef BH_BACKENDS_H
#define BH_BACKENDS_H

#include "platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The in-process sim board (boards/sim), configured from Kconfig. */
struct bh_platform *bh_platform_sim_new(void);
void bh_platform_sim_delete(struct bh_platform *p);

#ifdef __cplusplus
}
#endif
#endif
