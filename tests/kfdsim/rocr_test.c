// SPDX-License-Identifier: MIT
/*
 * Debian's ROCr (libhsa-runtime64.so.1, ROCm 5.2) on the fake amdkfd,
 * under build/bin/barehip-kfdsim: hsa_init, the agents, an AQL queue on
 * the GPU agent; with a code object (argv[1], a kernel "store" taking
 * one int pointer: p[i] = i + 42 for a 64-lane workgroup) also a
 * dispatch, waited on through its completion signal.  Each step prints
 * a line; the first failure stops the program (exit 1).
 *
 * make check runs it with store.co (boards/kfdsim/preload.mk).  What
 * the dispatch asks of the model, for ROCr 5.2.3 on gfx90a:
 * hsa_executable_freeze copies the code segment into VRAM
 * (RegionMemory::Freeze -> GpuAgent::DmaCopy) with ROCr's blit kernel,
 * whose COMPUTE_PGM_RSRC1 (0x008c00c2) has DX10_CLAMP = 0 (fpmode.c);
 * GpuAgent::InvalidateCodeCaches then submits a PM4 ACQUIRE_MEM in an
 * AMD vendor-specific AQL packet, AMD_AQL_FORMAT_PM4_IB (aql.c).
 */
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int step(const char *what, hsa_status_t st)
{
	const char *msg = NULL;

	if (st == HSA_STATUS_SUCCESS) {
		printf("%-40s ok\n", what);
		return 1;
	}
	hsa_status_string(st, &msg);
	printf("%-40s FAIL (%#x %s)\n", what, (unsigned)st, msg ? msg : "");
	return 0;
}

static hsa_agent_t gpu, cpu;
static int ngpu, ncpu;

static hsa_status_t each_agent(hsa_agent_t a, void *data)
{
	hsa_device_type_t type;
	char name[64] = "";

	(void)data;
	hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &type);
	hsa_agent_get_info(a, HSA_AGENT_INFO_NAME, name);
	printf("  agent %s (%s)\n", name, type == HSA_DEVICE_TYPE_GPU ? "GPU" : "CPU");
	if (type == HSA_DEVICE_TYPE_GPU && !ngpu++)
		gpu = a;
	if (type == HSA_DEVICE_TYPE_CPU && !ncpu++)
		cpu = a;
	return HSA_STATUS_SUCCESS;
}

static hsa_amd_memory_pool_t kernarg_pool, fine_pool;
static int have_kernarg, have_fine;

static hsa_status_t each_pool(hsa_amd_memory_pool_t pool, void *data)
{
	hsa_amd_segment_t seg;
	uint32_t flags = 0;

	(void)data;
	hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg);
	if (seg != HSA_AMD_SEGMENT_GLOBAL)
		return HSA_STATUS_SUCCESS;
	hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
	if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) && !have_kernarg++)
		kernarg_pool = pool;
	if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) && !have_fine++)
		fine_pool = pool;
	return HSA_STATUS_SUCCESS;
}

static char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*size = n;
	return buf;
}

static int dispatch(hsa_queue_t *q, const char *co_path)
{
	hsa_code_object_reader_t reader;
	hsa_executable_t exe;
	hsa_executable_symbol_t sym;
	uint64_t kobj;
	uint32_t kernarg_size = 0, group = 0, priv = 0;
	size_t co_size;
	char *co = read_file(co_path, &co_size);
	int *out;
	void **args;
	hsa_signal_t done;

	if (!co) {
		printf("cannot read %s\n", co_path);
		return 0;
	}
	if (!step("hsa_code_object_reader_create_from_memory",
		  hsa_code_object_reader_create_from_memory(co, co_size, &reader)) ||
	    !step("hsa_executable_create_alt",
		  hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					    NULL, &exe)) ||
	    !step("hsa_executable_load_agent_code_object",
		  hsa_executable_load_agent_code_object(exe, gpu, reader, NULL, NULL)) ||
	    !step("hsa_executable_freeze", hsa_executable_freeze(exe, NULL)) ||
	    !step("hsa_executable_get_symbol_by_name(store.kd)",
		  hsa_executable_get_symbol_by_name(exe, "store.kd", &gpu, &sym)))
		return 0;
	hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &kobj);
	hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
				       &kernarg_size);
	hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
				       &group);
	hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
				       &priv);
	printf("  kernel object %#llx, kernarg %u bytes\n", (unsigned long long)kobj, kernarg_size);

	if (!step("hsa_amd_agent_iterate_memory_pools(CPU)",
		  hsa_amd_agent_iterate_memory_pools(cpu, each_pool, NULL)) ||
	    !have_kernarg || !have_fine)
		return 0;
	if (!step("hsa_amd_memory_pool_allocate(out)",
		  hsa_amd_memory_pool_allocate(fine_pool, 4096, 0, (void **)&out)) ||
	    !step("hsa_amd_agents_allow_access(out)", hsa_amd_agents_allow_access(1, &gpu, NULL, out)) ||
	    !step("hsa_amd_memory_pool_allocate(kernarg)",
		  hsa_amd_memory_pool_allocate(kernarg_pool, kernarg_size < 256 ? 256 : kernarg_size,
					       0, (void **)&args)) ||
	    !step("hsa_amd_agents_allow_access(kernarg)",
		  hsa_amd_agents_allow_access(1, &gpu, NULL, args)) ||
	    !step("hsa_signal_create", hsa_signal_create(1, 0, NULL, &done)))
		return 0;
	memset(out, 0, 4096);
	memset(args, 0, kernarg_size < 256 ? 256 : kernarg_size);
	args[0] = out;

	uint64_t idx = hsa_queue_add_write_index_relaxed(q, 1);
	hsa_kernel_dispatch_packet_t *pkt =
		(hsa_kernel_dispatch_packet_t *)q->base_address + (idx & (q->size - 1));
	memset((char *)pkt + 4, 0, sizeof(*pkt) - 4);
	pkt->setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
	pkt->workgroup_size_x = 64;
	pkt->workgroup_size_y = pkt->workgroup_size_z = 1;
	pkt->grid_size_x = 64;
	pkt->grid_size_y = pkt->grid_size_z = 1;
	pkt->kernel_object = kobj;
	pkt->kernarg_address = args;
	pkt->group_segment_size = group;
	pkt->private_segment_size = priv;
	pkt->completion_signal = done;
	uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
			  (1 << HSA_PACKET_HEADER_BARRIER) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
	__atomic_store_n((uint32_t *)pkt, header | ((uint32_t)pkt->setup << 16), __ATOMIC_RELEASE);
	hsa_signal_store_screlease(q->doorbell_signal, idx);
	printf("  dispatched packet %llu\n", (unsigned long long)idx);
	hsa_signal_value_t v = hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 1,
							 10ull * 1000 * 1000 * 1000,
							 HSA_WAIT_STATE_BLOCKED);
	printf("%-40s %s (signal %lld)\n", "completion signal", v == 0 ? "ok" : "FAIL", (long long)v);
	if (v != 0)
		return 0;
	for (int i = 0; i < 64; i++)
		if (out[i] != i + 42) {
			printf("out[%d] = %d, want %d: FAIL\n", i, out[i], i + 42);
			return 0;
		}
	printf("%-40s ok\n", "kernel results");
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(args);
	hsa_amd_memory_pool_free(out);
	hsa_executable_destroy(exe);
	hsa_code_object_reader_destroy(reader);
	free(co);
	return 1;
}

int main(int argc, char **argv)
{
	hsa_queue_t *q;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!step("hsa_init", hsa_init()))
		return 1;
	if (!step("hsa_iterate_agents", hsa_iterate_agents(each_agent, NULL)))
		return 1;
	printf("%-40s %s\n", "a GPU agent", ngpu ? "ok" : "FAIL");
	if (!ngpu)
		return 1;
	if (!step("hsa_queue_create",
		  hsa_queue_create(gpu, 1024, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
				   UINT32_MAX, &q)))
		return 1;
	printf("  queue %p, %u packets\n", q->base_address, q->size);
	if (argc > 1 && !dispatch(q, argv[1]))
		return 1;
	if (!step("hsa_queue_destroy", hsa_queue_destroy(q)) ||
	    !step("hsa_shut_down", hsa_shut_down()))
		return 1;
	printf("PASS rocr%s\n", argc > 1 ? " dispatch" : "");
	return 0;
}
