// SPDX-License-Identifier: MIT
/*
 * Kernel names as people wrote them: "saxpy(float, float const*, float*)"
 * for "_Z5saxpyfPKfPf".  The demangler is the C++ ABI's __cxa_demangle,
 * from the libstdc++ (or libc++abi) every HIP program links: barehip-cc
 * asks the link for it by name (-Wl,--undefined=__cxa_demangle), and the
 * reference here is weak, so a program linked without a C++ library
 * still links and simply shows mangled names.  Safe from any thread
 * (__cxa_demangle keeps no state; its result is malloc'd per call).
 */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status)
	__attribute__((weak));

size_t bh_demangle(const char *name, char *out, size_t len)
{
	char *d = NULL;
	int status = -1;
	const char *text = name;

	if (name && name[0] == '_' && name[1] == 'Z' && __cxa_demangle) {
		d = __cxa_demangle(name, NULL, NULL, &status);
		if (status == 0 && d)
			text = d;
	}
	size_t n = text ? strlen(text) : 0;

	if (out && len) {
		size_t c = n < len - 1 ? n : len - 1;

		memcpy(out, text ? text : "", c);
		out[c] = '\0';
	}
	free(d);
	return n;
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '$';
}

void bh_demangle_text(const char *in, char *out, size_t len)
{
	size_t o = 0;

	if (!out || !len)
		return;
	for (size_t i = 0; in && in[i] && o + 1 < len;) {
		/* A symbol the message wants as it is (BH_RT_SYMBOL). */
		if (in[i] == BH_RT_SYMBOL_MARK) {
			for (i++; (ident_char(in[i]) || in[i] == '.') && o + 1 < len; i++)
				out[o++] = in[i];
			continue;
		}
		bool start = in[i] == '_' && in[i + 1] == 'Z' && (i == 0 || !ident_char(in[i - 1]));

		if (!start) {
			out[o++] = in[i++];
			continue;
		}
		/* The symbol: identifier characters, and dots between them
		 * (clang's ".kd" and the like). */
		size_t e = i;

		while (ident_char(in[e]) || (in[e] == '.' && ident_char(in[e + 1])))
			e++;
		char sym[512], pretty[1024];
		size_t n = e - i;
		const char *piece = in + i;	/* too long to demangle: as it is */
		size_t plen = n;

		if (n < sizeof(sym)) {
			memcpy(sym, in + i, n);
			sym[n] = '\0';
			bh_demangle(sym, pretty, sizeof(pretty));
			piece = pretty;
			plen = strlen(pretty);
		}
		if (plen > len - 1 - o)
			plen = len - 1 - o;
		memcpy(out + o, piece, plen);
		o += plen;
		i = e;
	}
	out[o] = '\0';
}
