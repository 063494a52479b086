// SPDX-License-Identifier: MIT
/*
 * What the header-only C++ of the board needs from a C++ runtime
 * (docs/baremetal.md, "C++ on the board"): libstdc++'s headers are used
 * without its library, with -fno-exceptions -fno-rtti
 * -fno-threadsafe-statics, so this file gives
 *
 *   - operator new and delete, every standard form, over malloc: a new
 *     that cannot allocate (no exceptions to throw) says so and stops
 *     the image with abort()'s status, 134; the nothrow forms (and
 *     std::nothrow itself) return nullptr;
 *   - the std::__throw_* functions the headers call where they would
 *     throw: each prints what it would have thrown and aborts;
 *   - __cxa_pure_virtual and __cxa_deleted_virtual, __dso_handle (the
 *     object __cxa_atexit registers static destructors under);
 *   - std::string: basic_string<char> is declared an extern template in
 *     the headers (its code lives in libstdc++.a), so it is instantiated
 *     here, as libstdc++'s own string-inst.cc does.
 */
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

namespace {

[[noreturn]] void stop(const char *what, const char *detail)
{
	std::fflush(stdout);
	std::fprintf(stderr, "barehip board: C++: %s%s%s (no exceptions on this board)\n", what,
		     detail ? ": " : "", detail ? detail : "");
	std::abort();
}

void *allocate(std::size_t size, std::size_t align, bool nothrow)
{
	void *p;

	if (!size)
		size = 1;
	if (align <= alignof(std::max_align_t))
		p = std::malloc(size);
	else
		p = ::aligned_alloc(align, (size + align - 1) / align * align);
	if (!p && !nothrow) {
		char what[80];

		std::snprintf(what, sizeof(what), "operator new of %zu bytes", size);
		stop("out of memory", what);
	}
	return p;
}

} // namespace

void *operator new(std::size_t n)
{
	return allocate(n, 0, false);
}
void *operator new[](std::size_t n)
{
	return allocate(n, 0, false);
}
void *operator new(std::size_t n, const std::nothrow_t &) noexcept
{
	return allocate(n, 0, true);
}
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept
{
	return allocate(n, 0, true);
}
void *operator new(std::size_t n, std::align_val_t a)
{
	return allocate(n, static_cast<std::size_t>(a), false);
}
void *operator new[](std::size_t n, std::align_val_t a)
{
	return allocate(n, static_cast<std::size_t>(a), false);
}
void *operator new(std::size_t n, std::align_val_t a, const std::nothrow_t &) noexcept
{
	return allocate(n, static_cast<std::size_t>(a), true);
}
void *operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t &) noexcept
{
	return allocate(n, static_cast<std::size_t>(a), true);
}

void operator delete(void *p) noexcept
{
	std::free(p);
}
void operator delete[](void *p) noexcept
{
	std::free(p);
}
void operator delete(void *p, std::size_t) noexcept
{
	std::free(p);
}
void operator delete[](void *p, std::size_t) noexcept
{
	std::free(p);
}
void operator delete(void *p, const std::nothrow_t &) noexcept
{
	std::free(p);
}
void operator delete[](void *p, const std::nothrow_t &) noexcept
{
	std::free(p);
}
void operator delete(void *p, std::align_val_t) noexcept
{
	std::free(p);
}
void operator delete[](void *p, std::align_val_t) noexcept
{
	std::free(p);
}
void operator delete(void *p, std::size_t, std::align_val_t) noexcept
{
	std::free(p);
}
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept
{
	std::free(p);
}
void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept
{
	std::free(p);
}
void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept
{
	std::free(p);
}

namespace std {

// The tag of the nothrow forms of new (libsupc++'s new_handler.cc).
const nothrow_t nothrow{};

void __throw_bad_exception()
{
	stop("std::bad_exception", nullptr);
}
void __throw_bad_alloc()
{
	stop("std::bad_alloc", "out of memory");
}
void __throw_bad_array_new_length()
{
	stop("std::bad_array_new_length", nullptr);
}
void __throw_bad_cast()
{
	stop("std::bad_cast", nullptr);
}
void __throw_bad_typeid()
{
	stop("std::bad_typeid", nullptr);
}
void __throw_logic_error(const char *s)
{
	stop("std::logic_error", s);
}
void __throw_domain_error(const char *s)
{
	stop("std::domain_error", s);
}
void __throw_invalid_argument(const char *s)
{
	stop("std::invalid_argument", s);
}
void __throw_length_error(const char *s)
{
	stop("std::length_error", s);
}
void __throw_out_of_range(const char *s)
{
	stop("std::out_of_range", s);
}
void __throw_out_of_range_fmt(const char *fmt, ...)
{
	char text[256];
	va_list ap;

	// libstdc++'s own formats use %zu and %s only, which vsnprintf knows.
	va_start(ap, fmt);
	std::vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	stop("std::out_of_range", text);
}
void __throw_runtime_error(const char *s)
{
	stop("std::runtime_error", s);
}
void __throw_range_error(const char *s)
{
	stop("std::range_error", s);
}
void __throw_overflow_error(const char *s)
{
	stop("std::overflow_error", s);
}
void __throw_underflow_error(const char *s)
{
	stop("std::underflow_error", s);
}
void __throw_system_error(int e)
{
	stop("std::system_error", std::strerror(e));
}
void __throw_bad_function_call()
{
	stop("std::bad_function_call", "an empty std::function was called");
}

// The headers' extern template, made here (libstdc++'s string-inst.cc).
template class __cxx11::basic_string<char>;

} // namespace std

extern "C" {

// A static object's destructor is registered under it (__cxa_atexit).
void *__dso_handle = &__dso_handle;

void __cxa_pure_virtual()
{
	stop("a pure virtual function was called", nullptr);
}

void __cxa_deleted_virtual()
{
	stop("a deleted virtual function was called", nullptr);
}

} // extern "C"
