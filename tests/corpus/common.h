/* Shared by the corpus programs: a checked HIP call and a PASS/FAIL end. */
#include <hip/hip_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x) do { hipError_t e_ = (x); if (e_ != hipSuccess) { \
	fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, hipGetErrorString(e_)); \
	exit(1); } } while (0)

static int failures;

#define EXPECT(cond, ...) do { if (!(cond)) { if (failures++ < 10) { \
	fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); fprintf(stderr, __VA_ARGS__); \
	fputc('\n', stderr); } } } while (0)

static int finish(const char *name)
{
	printf("%s: %s\n", name, failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
