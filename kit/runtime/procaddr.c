// SPDX-License-Identifier: MIT
/*
 * hipGetProcAddress: a HIP function by name.  ROCm looks the name up in
 * its shared library; a barehip program is one static binary, so the
 * names come from a table of every hip* function libbarehip.a defines,
 * generated when the archive is made (linker/procaddr-table.sh, sorted,
 * searched by bisection).  As on ROCm, @hipVersion and @flags select
 * nothing: each name has one version here.  Builds of the runtime
 * without that step (the plain archive the unit tests link) have no
 * table, and every name is "not found".
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

struct bh_rt_procaddr {
	const char *name;
	void *fn;
};

extern const struct bh_rt_procaddr bh_rt_procaddr_table[] __attribute__((weak));
extern const size_t bh_rt_procaddr_count __attribute__((weak));

static int by_name(const void *key, const void *entry)
{
	return strcmp(key, ((const struct bh_rt_procaddr *)entry)->name);
}

hipError_t hipGetProcAddress(const char *symbol, void **pfn, int hipVersion, uint64_t flags,
			     hipDriverProcAddressQueryResult *symbolStatus)
{
	static const char api[] = "hipGetProcAddress";
	const struct bh_rt_procaddr *found = NULL;

	(void)hipVersion;
	(void)flags;
	if (!symbol || !*symbol || !pfn)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api,
				   !pfn ? "pfn is NULL" : "no symbol name");
	/* Only libbarehip.a carries the table (linker/procaddr-table.sh);
	 * the plain archive the unit tests link has none. */
	if (!bh_rt_procaddr_table || !&bh_rt_procaddr_count) {
		*pfn = NULL;
		return bh_rt_error(hipErrorNotSupported, "%s(\"%s\"): this runtime was linked "
				   "without its function table (link libbarehip.a)", api, symbol);
	}
	found = bsearch(symbol, bh_rt_procaddr_table, bh_rt_procaddr_count,
			sizeof(bh_rt_procaddr_table[0]), by_name);
	*pfn = found ? found->fn : NULL;
	if (symbolStatus)
		*symbolStatus = found ? HIP_GET_PROC_ADDRESS_SUCCESS
				      : HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	if (!found)
		return bh_rt_error(hipErrorInvalidValue, "%s(\"%s\"): no HIP function of that "
				   "name", api, symbol);
	return bh_rt_success();
}
