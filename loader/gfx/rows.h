/* SPDX-License-Identifier: MIT */
/* The per-generation row tables that lookup.c searches. */
#ifndef BH_GFX_ROWS_H
#define BH_GFX_ROWS_H

#include "../core/gfx.h"

extern const struct bh_gfx bh_gfx9_rows[];
extern const unsigned bh_gfx9_nrows;
extern const struct bh_gfx bh_gfx11_rows[];
extern const unsigned bh_gfx11_nrows;

#endif
