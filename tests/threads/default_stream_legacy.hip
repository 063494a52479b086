// default_stream.hip built with barehip-cc --default-stream legacy: the
// same calls on the legacy default stream (threads.mk).
#define BH_EXPECT_LEGACY 1
#include "default_stream.hip"
