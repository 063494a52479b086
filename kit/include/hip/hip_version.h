/*
 * barehip implements the HIP 7.0 API level (clang's HIP headers read this);
 * docs/device-language.md "HIP version" lists what depends on it.
 */
#ifndef HIP_VERSION_H
#define HIP_VERSION_H
#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
#define __BAREHIP__ 1
#endif
