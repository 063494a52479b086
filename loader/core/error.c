// SPDX-License-Identifier: MIT
/* Error reporting: a status code plus one line that names the cause. */
#include "error.h"

const char *bh_status_name(int code)
{
	switch (code) {
	case BH_OK: return "success";
	case BH_EINVAL: return "invalid argument";
	case BH_ENOMEM: return "out of memory";
	case BH_ENOEXEC: return "bad code object";
	case BH_ENOENT: return "not found";
	case BH_ERANGE: return "limit exceeded";
	case BH_ETIMEDOUT: return "timeout";
	case BH_EFAULT: return "GPU fault";
	case BH_ENODEV: return "no device";
	case BH_ENOTSUP: return "not supported";
	case BH_EBUSY: return "busy";
	case BH_ENOSPC: return "no room for a cooperative grid";
	case BH_EABORT: return "device abort";
	case BH_EBOUNDS: return "beyond the kernel's launch bounds";
	}
	return "unknown error";
}

int bh_fail(struct bh_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		err->code = code;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof(err->message), fmt, ap);
		va_end(ap);
	}
	return code;
}

int bh_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
