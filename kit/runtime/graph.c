// SPDX-License-Identifier: MIT
/*
 * Graphs: a graph is a list of barehip operations -- kernel launches,
 * copies, fills, host functions, empty nodes -- with the dependencies
 * between them; an instantiated graph (hipGraphExec_t) is a copy of its
 * nodes in an order that respects every dependency, and hipGraphLaunch
 * submits them to the stream one after another, as the same calls made
 * directly would be.  A serial order is one of the orders a graph
 * allows, so replay is correct; branches of a graph do not run
 * concurrently.
 *
 * Stream capture: between hipStreamBeginCapture and hipStreamEndCapture
 * the launch, copy, fill and host-function calls on the stream add nodes
 * instead of running (each depends on the stream's previous node).  An
 * event recorded on a capturing stream carries its nodes; a stream that
 * waits for it joins the capture (fork and join as in CUDA and ROCm).
 *
 * Not supported, refused with hipErrorNotSupported: child-graph, event,
 * memory-allocation, conditional and external-semaphore nodes; updates
 * of an instantiated graph; array copies in memcpy nodes.
 *
 * One lock (graph_lock) covers every graph, node, exec and capture.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* A copy node: what it copies, and its parameters as they were given
 * (returned by hipGraphMemcpyNodeGetParams and the driver form). */
struct node_copy {
	void *dst;
	const void *src;
	size_t dpitch, dslice, spitch, sslice, width, height, depth;
	hipMemcpyKind kind;
	enum { COPY_FLAT, COPY_3D, COPY_DRV } form;	/* FLAT: 1-D or captured */
	hipMemcpy3DParms p3d;		/* COPY_3D and COPY_DRV (resolved) */
	HIP_MEMCPY3D drv;		/* COPY_DRV */
};

struct hipGraphNode {
	hipGraphNodeType type;
	struct ihipGraph *graph;
	struct hipGraphNode **deps;
	size_t ndeps;
	unsigned int order;		/* instantiation: position in a serial order */
	union {
		struct node_kernel {
			const void *func;	/* host stub (NULL when captured) */
			const struct bh_kernel *k;
			struct bh_rt_device *d;
			dim3 grid, block;
			unsigned int shared;
			uint8_t *args;		/* the explicit kernarg, k->explicit_size bytes */
			void **params;		/* pointers into args, per argument */
		} kernel;
		struct node_copy copy;
		struct node_fill {
			void *dst;
			uint32_t value;
			unsigned int unit;
			size_t width, height, pitch;	/* @width elements per row */
		} fill;
		hipHostNodeParams host;
	} u;
};

struct ihipGraph {
	struct hipGraphNode **nodes;
	size_t nnodes, cap;
	struct ihipGraph *next;		/* the live graphs */
};

struct hipGraphExec {
	struct hipGraphNode *nodes;	/* copies, in dependency order */
	size_t nnodes;
	struct hipGraphExec *next;	/* the live execs */
};

/* A capture: its graph and the streams taking part. */
struct capture {
	struct ihipGraph *graph;
	struct ihipStream_t *origin;
	hipStreamCaptureMode mode;
	unsigned long long id;
	bool invalidated;
	unsigned int members;		/* streams in it */
	/* Events recorded on its streams: their nodes, for the waiters. */
	struct captured_event {
		const void *event;
		struct hipGraphNode **deps;
		size_t ndeps;
		struct captured_event *next;
	} *events;
	struct capture *next;		/* the active captures */
};

/* A stream's part in a capture: the nodes its next node depends on. */
struct bh_rt_graph_capture {
	struct capture *c;
	struct hipGraphNode **deps;
	size_t ndeps;
};

static pthread_mutex_t graph_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ihipGraph *graphs;
static struct hipGraphExec *execs;
static struct capture *captures;
static unsigned long long capture_ids;
static _Thread_local hipStreamCaptureMode thread_mode = hipStreamCaptureModeGlobal;

static bool graph_live(const struct ihipGraph *g)
{
	for (const struct ihipGraph *p = graphs; p; p = p->next)
		if (p == g)
			return true;
	return false;
}

static bool node_live(const struct hipGraphNode *n)
{
	if (!n || !graph_live(n->graph))
		return false;
	for (size_t i = 0; i < n->graph->nnodes; i++)
		if (n->graph->nodes[i] == n)
			return true;
	return false;
}

static bool exec_live(const struct hipGraphExec *x)
{
	for (const struct hipGraphExec *p = execs; p; p = p->next)
		if (p == x)
			return true;
	return false;
}

static void node_free(struct hipGraphNode *n)
{
	if (n->type == hipGraphNodeTypeKernel) {
		free(n->u.kernel.args);
		free(n->u.kernel.params);
	}
	free(n->deps);
	free(n);
}

static struct ihipGraph *graph_new(void)
{
	struct ihipGraph *g = calloc(1, sizeof(*g));

	if (g) {
		g->next = graphs;
		graphs = g;
	}
	return g;
}

static void graph_free(struct ihipGraph *g)
{
	for (struct ihipGraph **p = &graphs; *p; p = &(*p)->next)
		if (*p == g) {
			*p = g->next;
			break;
		}
	for (size_t i = 0; i < g->nnodes; i++)
		node_free(g->nodes[i]);
	free(g->nodes);
	free(g);
}

/* Add @n (its type and parameters set) to @g after @deps; graph_lock held. */
static hipError_t node_add(const char *api, struct ihipGraph *g, struct hipGraphNode *n,
			   struct hipGraphNode *const *deps, size_t ndeps)
{
	for (size_t i = 0; i < ndeps; i++)
		if (!deps[i] || deps[i]->graph != g || !node_live(deps[i]))
			return bh_rt_error(hipErrorInvalidValue, "%s: dependency %zu is not a node of "
					   "this graph", api, i);
	if (g->nnodes == g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 8;
		struct hipGraphNode **nodes = realloc(g->nodes, cap * sizeof(*nodes));

		if (!nodes)
			return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
		g->nodes = nodes;
		g->cap = cap;
	}
	if (ndeps) {
		n->deps = malloc(ndeps * sizeof(*n->deps));
		if (!n->deps)
			return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
		memcpy(n->deps, deps, ndeps * sizeof(*n->deps));
	}
	n->ndeps = ndeps;
	n->graph = g;
	g->nodes[g->nnodes++] = n;
	return hipSuccess;
}

/* Kernel @k's explicit arguments from @l into @n (args and params). */
static hipError_t kernel_args(const char *api, struct hipGraphNode *n, const struct bh_kernel *k,
			      void *const *args, const void *raw, size_t raw_size)
{
	size_t size = k->explicit_size;

	n->u.kernel.args = calloc(1, size ? size : 1);
	n->u.kernel.params = calloc(k->nexplicit ? k->nexplicit : 1, sizeof(void *));
	if (!n->u.kernel.args || !n->u.kernel.params)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	if (raw) {
		if (raw_size < size)
			return bh_rt_error(hipErrorInvalidValue, "%s: kernel '%s' takes %zu bytes of "
					   "arguments, not %zu", api, k->name, size, raw_size);
		memcpy(n->u.kernel.args, raw, size);
	}
	for (unsigned int i = 0; i < k->nexplicit; i++) {
		const struct bh_kernel_arg *a = &k->args[i];

		if (!raw) {
			if (!args || !args[i])
				return bh_rt_error(hipErrorInvalidValue, "%s: kernel '%s': argument "
						   "%u is NULL", api, k->name, i);
			memcpy(n->u.kernel.args + a->offset, args[i], a->size);
		}
		n->u.kernel.params[i] = n->u.kernel.args + a->offset;
	}
	n->u.kernel.k = k;
	return hipSuccess;
}

/* ------------------------------------------------------------ capture */
static struct bh_rt_graph_capture *capturing(const struct ihipStream_t *s)
{
	return __atomic_load_n(&s->capture, __ATOMIC_ACQUIRE);
}

/* Whether another capture forbids what @api does now (ROCm: an
 * unsafe call during a global-mode capture, from any thread, or a
 * thread-local one of this thread). */
static bool legacy_capture_active(void)
{
	bool any = false;

	pthread_mutex_lock(&graph_lock);
	for (struct capture *c = captures; c && !any; c = c->next)
		any = !(c->origin->flags & hipStreamNonBlocking);
	pthread_mutex_unlock(&graph_lock);
	return any;
}

/* A node from @s's capture: after the stream's previous ones. */
static hipError_t capture_node(const char *api, struct ihipStream_t *s, struct hipGraphNode *n)
{
	struct bh_rt_graph_capture *m = capturing(s);
	struct hipGraphNode **one;
	hipError_t e;

	pthread_mutex_lock(&graph_lock);
	if (m->c->invalidated) {
		pthread_mutex_unlock(&graph_lock);
		node_free(n);
		return bh_rt_error(hipErrorStreamCaptureInvalidated, "%s: the stream's capture "
				   "was invalidated", api);
	}
	one = malloc(sizeof(*one));
	e = one ? node_add(api, m->c->graph, n, m->deps, m->ndeps)
		: bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	if (e) {
		free(one);
		pthread_mutex_unlock(&graph_lock);
		node_free(n);
		return e;
	}
	free(m->deps);
	one[0] = n;
	m->deps = one;
	m->ndeps = 1;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

bool bh_rt_capturing(const struct ihipStream_t *s)
{
	return capturing(s) != NULL;
}

hipError_t bh_rt_capture_kernel(const char *api, struct ihipStream_t *s,
				const struct bh_kernel *k, dim3 grid, dim3 block, size_t shared,
				const struct bh_launch *l)
{
	struct hipGraphNode *n = calloc(1, sizeof(*n));
	hipError_t e;

	if (!n)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	n->type = hipGraphNodeTypeKernel;
	n->u.kernel.d = s->d;
	n->u.kernel.grid = grid;
	n->u.kernel.block = block;
	n->u.kernel.shared = (unsigned int)shared;
	e = kernel_args(api, n, k, l->args, l->raw_args, l->raw_size);
	if (e) {
		node_free(n);
		return e;
	}
	return capture_node(api, s, n);
}

hipError_t bh_rt_capture_copy(const char *api, struct ihipStream_t *s, void *dst, size_t dpitch,
			      size_t dslice, const void *src, size_t spitch, size_t sslice,
			      size_t width, size_t height, size_t depth, hipMemcpyKind kind)
{
	struct hipGraphNode *n = calloc(1, sizeof(*n));

	if (!n)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	n->type = hipGraphNodeTypeMemcpy;
	n->u.copy.dst = dst;
	n->u.copy.src = src;
	n->u.copy.dpitch = dpitch;
	n->u.copy.dslice = dslice;
	n->u.copy.spitch = spitch;
	n->u.copy.sslice = sslice;
	n->u.copy.width = width;
	n->u.copy.height = height;
	n->u.copy.depth = depth;
	n->u.copy.kind = kind;
	return capture_node(api, s, n);
}

hipError_t bh_rt_capture_fill(const char *api, struct ihipStream_t *s, void *dst, uint32_t value,
			      size_t unit, size_t count)
{
	struct hipGraphNode *n = calloc(1, sizeof(*n));

	if (!n)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	n->type = hipGraphNodeTypeMemset;
	n->u.fill.dst = dst;
	n->u.fill.value = value;
	n->u.fill.unit = (unsigned int)unit;
	n->u.fill.width = count;
	n->u.fill.height = 1;
	n->u.fill.pitch = count * unit;
	return capture_node(api, s, n);
}

hipError_t bh_rt_capture_host(const char *api, struct ihipStream_t *s, hipHostFn_t fn, void *data)
{
	struct hipGraphNode *n = calloc(1, sizeof(*n));

	if (!n)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	n->type = hipGraphNodeTypeHost;
	n->u.host.fn = fn;
	n->u.host.userData = data;
	return capture_node(api, s, n);
}

/* hipEventRecord on a capturing stream: the event stands for the
 * stream's current nodes (no work is submitted). */
hipError_t bh_rt_capture_event_record(struct ihipStream_t *s, const void *event)
{
	struct bh_rt_graph_capture *m = capturing(s);
	struct captured_event *ce;

	pthread_mutex_lock(&graph_lock);
	for (ce = m->c->events; ce && ce->event != event; ce = ce->next)
		;
	if (!ce) {
		ce = calloc(1, sizeof(*ce));
		if (!ce) {
			pthread_mutex_unlock(&graph_lock);
			return bh_rt_error(hipErrorOutOfMemory, "hipEventRecord: out of host memory");
		}
		ce->event = event;
		ce->next = m->c->events;
		m->c->events = ce;
	}
	free(ce->deps);
	ce->deps = m->ndeps ? malloc(m->ndeps * sizeof(*ce->deps)) : NULL;
	ce->ndeps = ce->deps ? m->ndeps : 0;
	if (ce->deps)
		memcpy(ce->deps, m->deps, m->ndeps * sizeof(*ce->deps));
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

/*
 * hipStreamWaitEvent for an event recorded in a capture: @s joins it
 * (or, already in it, adds the event's nodes to what its next node
 * depends on).  *@handled: false when the event is no capture's (a
 * normal wait).
 */
hipError_t bh_rt_capture_event_wait(struct ihipStream_t *s, const void *event, bool *handled)
{
	struct bh_rt_graph_capture *m = capturing(s);
	struct captured_event *ce = NULL;
	struct capture *c;

	*handled = false;
	pthread_mutex_lock(&graph_lock);
	for (c = captures; c && !ce; c = ce ? c : c->next)
		for (ce = c->events; ce && ce->event != event; ce = ce->next)
			;
	if (!ce) {
		pthread_mutex_unlock(&graph_lock);
		return hipSuccess;
	}
	*handled = true;
	if (m && m->c != c) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorStreamCaptureIsolation, "hipStreamWaitEvent: the "
				   "stream is in another capture than the event");
	}
	if (!m) {
		m = calloc(1, sizeof(*m));
		if (!m) {
			pthread_mutex_unlock(&graph_lock);
			return bh_rt_error(hipErrorOutOfMemory, "hipStreamWaitEvent: out of host "
					   "memory");
		}
		m->c = c;
		c->members++;
		__atomic_store_n(&s->capture, m, __ATOMIC_RELEASE);
	}
	struct hipGraphNode **deps = realloc(m->deps, (m->ndeps + ce->ndeps + 1) * sizeof(*deps));

	if (!deps) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorOutOfMemory, "hipStreamWaitEvent: out of host memory");
	}
	for (size_t i = 0; i < ce->ndeps; i++) {
		bool have = false;

		for (size_t j = 0; j < m->ndeps; j++)
			have |= deps[j] == ce->deps[i];
		if (!have)
			deps[m->ndeps++] = ce->deps[i];
	}
	m->deps = deps;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode)
{
	static const char api[] = "hipStreamBeginCapture";
	struct bh_rt_graph_capture *m;
	struct ihipStream_t *s;
	struct capture *c;
	hipError_t e;

	if (mode > hipStreamCaptureModeRelaxed)
		return bh_rt_error(hipErrorInvalidValue, "%s: unknown capture mode %d", api,
				   (int)mode);
	if (!stream || stream == hipStreamLegacy)
		return bh_rt_error(hipErrorStreamCaptureUnsupported, "%s: the legacy default "
				   "stream cannot be captured", api);
	e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	if (capturing(s))
		return bh_rt_error(hipErrorIllegalState, "%s: the stream is capturing already",
				   api);
	m = calloc(1, sizeof(*m));
	c = calloc(1, sizeof(*c));
	pthread_mutex_lock(&graph_lock);
	if (m && c)
		c->graph = graph_new();
	if (!m || !c || !c->graph) {
		pthread_mutex_unlock(&graph_lock);
		free(m);
		free(c);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	c->origin = s;
	c->mode = mode;
	c->id = ++capture_ids;
	c->members = 1;
	c->next = captures;
	captures = c;
	m->c = c;
	__atomic_store_n(&s->capture, m, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

static void member_leave(struct ihipStream_t *s)
{
	struct bh_rt_graph_capture *m = capturing(s);

	__atomic_store_n(&s->capture, NULL, __ATOMIC_RELEASE);
	m->c->members--;
	free(m->deps);
	free(m);
}

/* Every stream leaves capture @c, which goes; graph_lock held. */
static void capture_end(struct capture *c)
{
	for (struct capture **p = &captures; *p; p = &(*p)->next)
		if (*p == c) {
			*p = c->next;
			break;
		}
	bh_rt_streams_capture_leave(c);
	while (c->events) {
		struct captured_event *ce = c->events;

		c->events = ce->next;
		free(ce->deps);
		free(ce);
	}
	free(c);
}

/* stream.c calls back for each live stream in capture @c. */
void bh_rt_capture_leave_if(struct ihipStream_t *s, const void *c)
{
	struct bh_rt_graph_capture *m = capturing(s);

	if (m && m->c == c)
		member_leave(s);
}

hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph)
{
	static const char api[] = "hipStreamEndCapture";
	struct bh_rt_graph_capture *m;
	struct ihipStream_t *s;
	struct capture *c;
	hipError_t e;

	if (!pGraph)
		return bh_rt_error(hipErrorInvalidValue, "%s: pGraph is NULL", api);
	e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	m = capturing(s);
	if (!m)
		return bh_rt_error(hipErrorIllegalState, "%s: the stream is not capturing", api);
	pthread_mutex_lock(&graph_lock);
	c = m->c;
	if (c->origin != s) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorStreamCaptureUnmatched, "%s: the capture began on "
				   "another stream", api);
	}
	bool invalidated = c->invalidated;
	struct ihipGraph *g = c->graph;

	capture_end(c);
	if (invalidated) {
		graph_free(g);
		g = NULL;
	}
	pthread_mutex_unlock(&graph_lock);
	*pGraph = g;
	if (invalidated)
		return bh_rt_error(hipErrorStreamCaptureInvalidated, "%s: the capture was "
				   "invalidated (an operation that cannot be captured ran)", api);
	return bh_rt_success();
}

/* A synchronising call on capturing stream @s: refused, and the
 * capture is invalidated (as ROCm does). */
hipError_t bh_rt_capture_forbid(const char *api, struct ihipStream_t *s)
{
	struct bh_rt_graph_capture *m = capturing(s);

	if (m) {
		pthread_mutex_lock(&graph_lock);
		m->c->invalidated = true;
		pthread_mutex_unlock(&graph_lock);
	}
	return bh_rt_error(hipErrorStreamCaptureUnsupported, "%s: not allowed on a capturing "
			   "stream", api);
}

static hipError_t capture_info(const char *api, hipStream_t stream,
			       hipStreamCaptureStatus *status, unsigned long long *id,
			       hipGraph_t *graph, const hipGraphNode_t **deps, size_t *ndeps)
{
	struct bh_rt_graph_capture *m;
	struct ihipStream_t *s;
	hipError_t e;

	if (!status)
		return bh_rt_error(hipErrorInvalidValue, "%s: pCaptureStatus is NULL", api);
	if ((!stream || stream == hipStreamLegacy) && legacy_capture_active())
		return bh_rt_error(hipErrorStreamCaptureImplicit, "%s: the legacy default stream "
				   "while a blocking stream is capturing", api);
	e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	pthread_mutex_lock(&graph_lock);
	m = s->null ? NULL : capturing(s);
	*status = !m ? hipStreamCaptureStatusNone : m->c->invalidated ?
		  hipStreamCaptureStatusInvalidated : hipStreamCaptureStatusActive;
	if (m && id)
		*id = m->c->id;
	if (graph)
		*graph = m ? m->c->graph : NULL;
	if (deps)
		*deps = m ? (const hipGraphNode_t *)m->deps : NULL;
	if (ndeps)
		*ndeps = m ? m->ndeps : 0;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus)
{
	return capture_info("hipStreamIsCapturing", stream, pCaptureStatus, NULL, NULL, NULL,
			    NULL);
}

hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus,
				   unsigned long long *pId)
{
	return capture_info("hipStreamGetCaptureInfo", stream, pCaptureStatus, pId, NULL, NULL,
			    NULL);
}

hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream,
				      hipStreamCaptureStatus *captureStatus_out,
				      unsigned long long *id_out, hipGraph_t *graph_out,
				      const hipGraphNode_t **dependencies_out,
				      size_t *numDependencies_out)
{
	return capture_info("hipStreamGetCaptureInfo_v2", stream, captureStatus_out, id_out,
			    graph_out, dependencies_out, numDependencies_out);
}

hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode)
{
	hipStreamCaptureMode old;

	if (!mode || *mode > hipStreamCaptureModeRelaxed)
		return bh_rt_error(hipErrorInvalidValue, "hipThreadExchangeStreamCaptureMode: %s",
				   mode ? "unknown mode" : "mode is NULL");
	old = thread_mode;
	thread_mode = *mode;
	*mode = old;
	return bh_rt_success();
}

/* ------------------------------------------------------- explicit graphs */
hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags)
{
	struct ihipGraph *g;

	if (!pGraph || flags)
		return bh_rt_error(hipErrorInvalidValue, "hipGraphCreate: %s",
				   pGraph ? "flags must be 0" : "pGraph is NULL");
	pthread_mutex_lock(&graph_lock);
	g = graph_new();
	pthread_mutex_unlock(&graph_lock);
	if (!g)
		return bh_rt_error(hipErrorOutOfMemory, "hipGraphCreate: out of host memory");
	*pGraph = g;
	return bh_rt_success();
}

hipError_t hipGraphDestroy(hipGraph_t graph)
{
	pthread_mutex_lock(&graph_lock);
	if (!graph || !graph_live(graph)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "hipGraphDestroy: %p is not a graph",
				   (void *)graph);
	}
	for (struct capture *c = captures; c; c = c->next)
		if (c->graph == graph) {
			pthread_mutex_unlock(&graph_lock);
			return bh_rt_error(hipErrorIllegalState, "hipGraphDestroy: the graph is "
					   "being captured");
		}
	graph_free(graph);
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

/* Start of every hipGraphAdd*Node: the checks; graph_lock taken. */
static hipError_t add_begin(const char *api, hipGraphNode_t *out, hipGraph_t g,
			    const hipGraphNode_t *deps, size_t ndeps, const void *params)
{
	if (!out || !params)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   out ? "the node parameters" : "pGraphNode");
	if (ndeps && !deps)
		return bh_rt_error(hipErrorInvalidValue, "%s: pDependencies is NULL with %zu "
				   "dependencies", api, ndeps);
	pthread_mutex_lock(&graph_lock);
	if (!g || !graph_live(g)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "%s: %p is not a graph", api, (void *)g);
	}
	return hipSuccess;
}

static hipError_t add_end(const char *api, hipGraphNode_t *out, hipGraph_t g,
			  const hipGraphNode_t *deps, size_t ndeps, struct hipGraphNode *n)
{
	hipError_t e = node_add(api, g, n, deps, ndeps);

	pthread_mutex_unlock(&graph_lock);
	if (e) {
		node_free(n);
		return e;
	}
	*out = n;
	return bh_rt_success();
}

/*
 * Graph node @node of @type for a GetParams or SetParams call: the
 * node, with graph_lock held, or an error (lock released).
 */
static hipError_t node_of(const char *api, hipGraphNode_t node, hipGraphNodeType type,
			  const void *params)
{
	static const char *const names[] = {
		[hipGraphNodeTypeKernel] = "kernel", [hipGraphNodeTypeMemcpy] = "memcpy",
		[hipGraphNodeTypeMemset] = "memset", [hipGraphNodeTypeHost] = "host",
	};

	if (!params)
		return bh_rt_error(hipErrorInvalidValue, "%s: pNodeParams is NULL", api);
	pthread_mutex_lock(&graph_lock);
	if (!node_live(node) || node->type != type) {
		bool live = node_live(node);

		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "%s: %p is not a %s node%s", api,
				   (void *)node, names[type], live ? "" : " of a live graph");
	}
	return hipSuccess;
}

/* Kernel node @n's launch from @p (its type set by the caller). */
static hipError_t kernel_params(const char *api, const hipKernelNodeParams *p,
				struct hipGraphNode *n)
{
	const struct bh_kernel *k = NULL;
	struct bh_function *f;
	struct bh_rt_device *d = NULL;
	const void *raw = NULL;
	size_t raw_size = 0;
	hipError_t e;

	if (!p)
		return bh_rt_error(hipErrorInvalidValue, "%s: pNodeParams is NULL", api);
	if (p->extra) {
		/* HIP_LAUNCH_PARAM_BUFFER_POINTER, ptr, _SIZE, &size, _END */
		for (size_t i = 0; p->extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
			if (p->extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER)
				raw = p->extra[i + 1];
			else if (p->extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE)
				raw_size = *(size_t *)p->extra[i + 1];
			else
				return bh_rt_error(hipErrorInvalidValue, "%s: unknown extra entry "
						   "%p", api, p->extra[i]);
		}
	}
	e = bh_rt_cur(&d);
	if (e)
		return e;
	f = p->func ? bh_rt_function(p->func) : NULL;
	if (!f)
		return bh_rt_error(hipErrorInvalidDeviceFunction, "%s: func %p is not a "
				   "registered __global__ function", api, p->func);
	e = bh_rt_kernel(d, f, &k);
	if (e)
		return e;
	n->u.kernel.func = p->func;
	n->u.kernel.d = d;
	n->u.kernel.grid = p->gridDim;
	n->u.kernel.block = p->blockDim;
	n->u.kernel.shared = p->sharedMemBytes;
	return kernel_args(api, n, k, p->kernelParams, raw, raw_size);
}

hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				 const hipGraphNode_t *pDependencies, size_t numDependencies,
				 const hipKernelNodeParams *p)
{
	static const char api[] = "hipGraphAddKernelNode";
	struct hipGraphNode *n = calloc(1, sizeof(*n));
	hipError_t e;

	if (!n)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	n->type = hipGraphNodeTypeKernel;
	e = p ? kernel_params(api, p, n) : hipSuccess;
	if (!e)
		e = add_begin(api, pGraphNode, graph, pDependencies, numDependencies, p);
	if (e) {
		node_free(n);
		return e;
	}
	return add_end(api, pGraphNode, graph, pDependencies, numDependencies, n);
}

hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node, const hipKernelNodeParams *p)
{
	static const char api[] = "hipGraphKernelNodeSetParams";
	struct hipGraphNode *tmp = calloc(1, sizeof(*tmp));
	hipError_t e;

	if (!tmp)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	tmp->type = hipGraphNodeTypeKernel;
	e = p ? kernel_params(api, p, tmp) : hipSuccess;
	if (!e)
		e = node_of(api, node, hipGraphNodeTypeKernel, p);
	if (e) {
		node_free(tmp);
		return e;
	}
	/* The new launch in, the old arguments out with tmp. */
	struct node_kernel old = node->u.kernel;

	node->u.kernel = tmp->u.kernel;
	tmp->u.kernel = old;
	pthread_mutex_unlock(&graph_lock);
	node_free(tmp);
	return bh_rt_success();
}

hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams *p)
{
	pthread_mutex_lock(&graph_lock);
	if (!p || !node_live(node) || node->type != hipGraphNodeTypeKernel) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "hipGraphKernelNodeGetParams: %s",
				   !p ? "pNodeParams is NULL" : "not a kernel node");
	}
	p->func = (void *)node->u.kernel.func;
	p->gridDim = node->u.kernel.grid;
	p->blockDim = node->u.kernel.block;
	p->sharedMemBytes = node->u.kernel.shared;
	p->kernelParams = node->u.kernel.params;
	p->extra = NULL;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

static hipError_t add_copy(const char *api, hipGraphNode_t *out, hipGraph_t g,
			   const hipGraphNode_t *deps, size_t ndeps, const struct node_copy *c)
{
	struct hipGraphNode *n;
	hipError_t e = add_begin(api, out, g, deps, ndeps, (const void *)1);

	if (e)
		return e;
	n = calloc(1, sizeof(*n));
	if (!n) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	n->type = hipGraphNodeTypeMemcpy;
	n->u.copy = *c;
	return add_end(api, out, g, deps, ndeps, n);
}

/*
 * A side of a copy node that starts in memory HIP handed out must end
 * there too (ROCm checks it when the node is added; pageable host memory
 * is not HIP's and is not checked).  @span: the bytes from @p the copy
 * reaches.
 */
static hipError_t copy_side_fits(const char *api, const char *side, const void *p, size_t span)
{
	size_t off;

	if (!span || !bh_rt_allocation_at(p, &off) || bh_rt_find_allocation(p, span))
		return hipSuccess;
	return bh_rt_error(hipErrorInvalidValue, "%s: the copy reaches %zu bytes from %s %p, "
			   "past the end of its allocation", api, span, side, p);
}

/* The bytes from its start a copy of @w x @h x @d at @pitch and @slice
 * reaches (SIZE_MAX if that overflows). */
static size_t copy_span(size_t w, size_t h, size_t d, size_t pitch, size_t slice)
{
	size_t a, b, r;

	if (!w || !h || !d)
		return 0;
	if (__builtin_mul_overflow(d - 1, slice, &a) || __builtin_mul_overflow(h - 1, pitch, &b) ||
	    __builtin_add_overflow(a, b, &r) || __builtin_add_overflow(r, w, &r))
		return SIZE_MAX;
	return r;
}

static hipError_t copy_fits(const char *api, const struct node_copy *c)
{
	hipError_t e = copy_side_fits(api, "source", c->src,
				      copy_span(c->width, c->height, c->depth, c->spitch,
						c->sslice));

	return e ? e : copy_side_fits(api, "destination", c->dst,
				      copy_span(c->width, c->height, c->depth, c->dpitch,
						c->dslice));
}

/* A 1-D copy of @count bytes. */
static hipError_t copy_1d(const char *api, void *dst, const void *src, size_t count,
			  hipMemcpyKind kind, struct node_copy *c)
{
	if (!dst || !src)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   dst ? "src" : "dst");
	if (kind > hipMemcpyDefault)
		return bh_rt_error(hipErrorInvalidMemcpyDirection, "%s: kind %d is not a copy "
				   "direction", api, (int)kind);
	*c = (struct node_copy){ .dst = dst, .src = src, .dpitch = count, .dslice = count,
				 .spitch = count, .sslice = count, .width = count, .height = 1,
				 .depth = 1, .kind = kind, .form = COPY_FLAT };
	return copy_fits(api, c);
}

/* A 3-D copy as hipGraphAddMemcpyNode takes it, checked.  An array side
 * is its memory (array.c), resolved now: the node keeps the parameters
 * as given (hipGraphMemcpyNodeGetParams) and copies the memory. */
static hipError_t copy_3d(const char *api, const hipMemcpy3DParms *p, const size_t *given_slice,
			  struct node_copy *c)
{
	const hipMemcpy3DParms *given = p;
	hipMemcpy3DParms resolved;
	size_t slice[2] = { given_slice ? given_slice[0] : 0, given_slice ? given_slice[1] : 0 };

	if (!p)
		return bh_rt_error(hipErrorInvalidValue, "%s: the copy parameters are NULL", api);
	if (p->srcArray || p->dstArray) {
		hipError_t e = bh_rt_array_params(api, p, &resolved, slice);

		if (e)
			return e;
		p = &resolved;
	}
	if (!p->srcPtr.ptr || !p->dstPtr.ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s.ptr is NULL", api,
				   p->srcPtr.ptr ? "dstPtr" : "srcPtr");
	if (p->kind > hipMemcpyDefault)
		return bh_rt_error(hipErrorInvalidMemcpyDirection, "%s: kind %d is not a copy "
				   "direction", api, (int)p->kind);
	/* The box's fit in each side is checked when the copy runs, as
	 * hipMemcpy3D checks it. */
	size_t sslice = slice[0] ? slice[0] : p->srcPtr.pitch * p->srcPtr.ysize;
	size_t dslice = slice[1] ? slice[1] : p->dstPtr.pitch * p->dstPtr.ysize;

	*c = (struct node_copy){
		.src = (const uint8_t *)p->srcPtr.ptr + p->srcPos.z * sslice +
		       p->srcPos.y * p->srcPtr.pitch + p->srcPos.x,
		.dst = (uint8_t *)p->dstPtr.ptr + p->dstPos.z * dslice +
		       p->dstPos.y * p->dstPtr.pitch + p->dstPos.x,
		.dpitch = p->dstPtr.pitch, .dslice = dslice,
		.spitch = p->srcPtr.pitch, .sslice = sslice,
		.width = p->extent.width, .height = p->extent.height, .depth = p->extent.depth,
		.kind = p->kind, .form = COPY_3D, .p3d = *given,
	};
	return copy_fits(api, c);
}

/* A driver-style 3-D copy (hipDrvGraph*MemcpyNode*), checked. */
static hipError_t copy_drv(const char *api, const HIP_MEMCPY3D *d, struct node_copy *c)
{
	hipMemcpy3DParms p;
	size_t slice[2];
	hipError_t e = bh_rt_drv3d_params(api, d, &p, slice);

	if (!e)
		e = copy_3d(api, &p, slice, c);
	if (e)
		return e;
	c->form = COPY_DRV;
	c->drv = *d;
	return hipSuccess;
}

hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				   const hipGraphNode_t *pDependencies, size_t numDependencies,
				   void *dst, const void *src, size_t count, hipMemcpyKind kind)
{
	static const char api[] = "hipGraphAddMemcpyNode1D";
	struct node_copy c;
	hipError_t e = copy_1d(api, dst, src, count, kind, &c);

	return e ? e : add_copy(api, pGraphNode, graph, pDependencies, numDependencies, &c);
}

hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				 const hipGraphNode_t *pDependencies, size_t numDependencies,
				 const hipMemcpy3DParms *p)
{
	static const char api[] = "hipGraphAddMemcpyNode";
	struct node_copy c;
	hipError_t e = copy_3d(api, p, NULL, &c);

	return e ? e : add_copy(api, pGraphNode, graph, pDependencies, numDependencies, &c);
}

hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t *phGraphNode, hipGraph_t hGraph,
				    const hipGraphNode_t *dependencies, size_t numDependencies,
				    const HIP_MEMCPY3D *copyParams, hipCtx_t ctx)
{
	static const char api[] = "hipDrvGraphAddMemcpyNode";
	struct node_copy c;
	hipError_t e;

	(void)ctx;	/* a context is its device, and copies need none here */
	e = copy_drv(api, copyParams, &c);
	return e ? e : add_copy(api, phGraphNode, hGraph, dependencies, numDependencies, &c);
}

static hipError_t copy_set(const char *api, hipGraphNode_t node, const struct node_copy *c)
{
	hipError_t e = node_of(api, node, hipGraphNodeTypeMemcpy, c);

	if (e)
		return e;
	node->u.copy = *c;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node, hipMemcpy3DParms *p)
{
	hipError_t e = node_of("hipGraphMemcpyNodeGetParams", node, hipGraphNodeTypeMemcpy, p);

	if (e)
		return e;
	const struct node_copy *c = &node->u.copy;

	if (c->form != COPY_FLAT) {
		*p = c->p3d;
	} else {
		/* A 1-D or captured copy: the same copy, from offset 0. */
		*p = (hipMemcpy3DParms){
			.srcPtr = { (void *)(uintptr_t)c->src, c->spitch, c->width,
				    c->spitch ? c->sslice / c->spitch : c->height },
			.dstPtr = { c->dst, c->dpitch, c->width,
				    c->dpitch ? c->dslice / c->dpitch : c->height },
			.extent = { c->width, c->height, c->depth },
			.kind = c->kind,
		};
	}
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node, const hipMemcpy3DParms *p)
{
	static const char api[] = "hipGraphMemcpyNodeSetParams";
	struct node_copy c;
	hipError_t e = copy_3d(api, p, NULL, &c);

	return e ? e : copy_set(api, node, &c);
}

hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst, const void *src,
					 size_t count, hipMemcpyKind kind)
{
	static const char api[] = "hipGraphMemcpyNodeSetParams1D";
	struct node_copy c;
	hipError_t e = copy_1d(api, dst, src, count, kind, &c);

	return e ? e : copy_set(api, node, &c);
}

hipError_t hipDrvGraphMemcpyNodeGetParams(hipGraphNode_t node, HIP_MEMCPY3D *p)
{
	hipError_t e = node_of("hipDrvGraphMemcpyNodeGetParams", node, hipGraphNodeTypeMemcpy,
			       p);

	if (e)
		return e;
	const struct node_copy *c = &node->u.copy;

	if (c->form == COPY_DRV) {
		*p = c->drv;
	} else {
		/* Every board has one address space: both sides as unified memory. */
		*p = (HIP_MEMCPY3D){
			.srcMemoryType = hipMemoryTypeUnified,
			.srcDevice = (hipDeviceptr_t)(uintptr_t)c->src, .srcPitch = c->spitch,
			.srcHeight = c->spitch ? c->sslice / c->spitch : c->height,
			.dstMemoryType = hipMemoryTypeUnified,
			.dstDevice = (hipDeviceptr_t)c->dst, .dstPitch = c->dpitch,
			.dstHeight = c->dpitch ? c->dslice / c->dpitch : c->height,
			.WidthInBytes = c->width, .Height = c->height, .Depth = c->depth,
		};
	}
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipDrvGraphMemcpyNodeSetParams(hipGraphNode_t node, const HIP_MEMCPY3D *p)
{
	static const char api[] = "hipDrvGraphMemcpyNodeSetParams";
	struct node_copy c;
	hipError_t e = copy_drv(api, p, &c);

	return e ? e : copy_set(api, node, &c);
}

/* A fill as hipGraphAddMemsetNode takes it, checked. */
static hipError_t fill_params(const char *api, const hipMemsetParams *p, struct node_fill *f)
{
	if (!p)
		return bh_rt_error(hipErrorInvalidValue, "%s: pMemsetParams is NULL", api);
	if (!p->dst || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4) ||
	    !p->height || (p->height > 1 && p->pitch < p->width * p->elementSize))
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api, !p->dst ? "dst is NULL" :
				   !p->height ? "height is 0" : p->height > 1 &&
				   p->pitch < p->width * p->elementSize ? "pitch is less than a row" :
				   "elementSize must be 1, 2 or 4");
	*f = (struct node_fill){ .dst = p->dst, .value = p->value, .unit = p->elementSize,
				 .width = p->width, .height = p->height,
				 .pitch = p->height > 1 ? p->pitch : p->width * p->elementSize };
	return hipSuccess;
}

hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				 const hipGraphNode_t *pDependencies, size_t numDependencies,
				 const hipMemsetParams *p)
{
	static const char api[] = "hipGraphAddMemsetNode";
	struct node_fill f;
	struct hipGraphNode *n;
	hipError_t e = fill_params(api, p, &f);

	if (!e)
		e = add_begin(api, pGraphNode, graph, pDependencies, numDependencies, p);
	if (e)
		return e;
	n = calloc(1, sizeof(*n));
	if (!n) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	n->type = hipGraphNodeTypeMemset;
	n->u.fill = f;
	return add_end(api, pGraphNode, graph, pDependencies, numDependencies, n);
}

hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node, hipMemsetParams *p)
{
	hipError_t e = node_of("hipGraphMemsetNodeGetParams", node, hipGraphNodeTypeMemset, p);

	if (e)
		return e;
	const struct node_fill *f = &node->u.fill;

	*p = (hipMemsetParams){ .dst = f->dst, .elementSize = f->unit, .height = f->height,
				.pitch = f->height > 1 ? f->pitch : 0, .value = f->value,
				.width = f->width };
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node, const hipMemsetParams *p)
{
	static const char api[] = "hipGraphMemsetNodeSetParams";
	struct node_fill f;
	hipError_t e = fill_params(api, p, &f);

	if (!e)
		e = node_of(api, node, hipGraphNodeTypeMemset, p);
	if (e)
		return e;
	node->u.fill = f;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node, hipHostNodeParams *p)
{
	hipError_t e = node_of("hipGraphHostNodeGetParams", node, hipGraphNodeTypeHost, p);

	if (e)
		return e;
	*p = node->u.host;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node, const hipHostNodeParams *p)
{
	static const char api[] = "hipGraphHostNodeSetParams";
	hipError_t e;

	if (p && !p->fn)
		return bh_rt_error(hipErrorInvalidValue, "%s: fn is NULL", api);
	e = node_of(api, node, hipGraphNodeTypeHost, p);
	if (e)
		return e;
	node->u.host = *p;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
			       const hipGraphNode_t *pDependencies, size_t numDependencies,
			       const hipHostNodeParams *p)
{
	static const char api[] = "hipGraphAddHostNode";
	struct hipGraphNode *n;
	hipError_t e;

	if (p && !p->fn)
		return bh_rt_error(hipErrorInvalidValue, "%s: fn is NULL", api);
	e = add_begin(api, pGraphNode, graph, pDependencies, numDependencies, p);
	if (e)
		return e;
	n = calloc(1, sizeof(*n));
	if (!n) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	n->type = hipGraphNodeTypeHost;
	n->u.host = *p;
	return add_end(api, pGraphNode, graph, pDependencies, numDependencies, n);
}

hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				const hipGraphNode_t *pDependencies, size_t numDependencies)
{
	static const char api[] = "hipGraphAddEmptyNode";
	struct hipGraphNode *n;
	hipError_t e = add_begin(api, pGraphNode, graph, pDependencies, numDependencies,
				 (const void *)1);

	if (e)
		return e;
	n = calloc(1, sizeof(*n));
	if (!n) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	n->type = hipGraphNodeTypeEmpty;
	return add_end(api, pGraphNode, graph, pDependencies, numDependencies, n);
}

static hipError_t not_supported(const char *api, const char *what)
{
	return bh_rt_error(hipErrorNotSupported, "%s: %s are not supported by barehip's graphs "
			   "(docs/graphs.md)", api, what);
}

hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				     const hipGraphNode_t *pDependencies, size_t numDependencies,
				     hipGraph_t childGraph)
{
	(void)pGraphNode, (void)graph, (void)pDependencies, (void)numDependencies;
	(void)childGraph;
	return not_supported("hipGraphAddChildGraphNode", "child-graph nodes");
}

hipError_t hipGraphAddEventRecordNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				      const hipGraphNode_t *pDependencies, size_t numDependencies,
				      hipEvent_t event)
{
	(void)pGraphNode, (void)graph, (void)pDependencies, (void)numDependencies, (void)event;
	return not_supported("hipGraphAddEventRecordNode", "event nodes");
}

hipError_t hipGraphAddEventWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				    const hipGraphNode_t *pDependencies, size_t numDependencies,
				    hipEvent_t event)
{
	(void)pGraphNode, (void)graph, (void)pDependencies, (void)numDependencies, (void)event;
	return not_supported("hipGraphAddEventWaitNode", "event nodes");
}

hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
			      hipGraphNode_t *hErrorNode_out,
			      hipGraphExecUpdateResult *updateResult_out)
{
	(void)hGraphExec, (void)hGraph;
	if (hErrorNode_out)
		*hErrorNode_out = NULL;
	if (updateResult_out)
		*updateResult_out = hipGraphExecUpdateErrorNotSupported;
	return not_supported("hipGraphExecUpdate", "updates of an instantiated graph");
}

hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
					   const hipKernelNodeParams *pNodeParams)
{
	(void)hGraphExec, (void)node, (void)pNodeParams;
	return not_supported("hipGraphExecKernelNodeSetParams", "updates of an instantiated "
			     "graph");
}

hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from,
				   const hipGraphNode_t *to, size_t numDependencies)
{
	static const char api[] = "hipGraphAddDependencies";

	if (numDependencies && (!from || !to))
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api, from ? "to" : "from");
	pthread_mutex_lock(&graph_lock);
	if (!graph || !graph_live(graph)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "%s: %p is not a graph", api,
				   (void *)graph);
	}
	for (size_t i = 0; i < numDependencies; i++) {
		struct hipGraphNode *t = to[i], **deps;

		if (!node_live(from[i]) || !node_live(t) || from[i]->graph != graph ||
		    t->graph != graph || from[i] == t) {
			pthread_mutex_unlock(&graph_lock);
			return bh_rt_error(hipErrorInvalidValue, "%s: pair %zu is not two nodes of "
					   "this graph", api, i);
		}
		deps = realloc(t->deps, (t->ndeps + 1) * sizeof(*deps));
		if (!deps) {
			pthread_mutex_unlock(&graph_lock);
			return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
		}
		deps[t->ndeps++] = from[i];
		t->deps = deps;
	}
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

/* @nodes NULL: the count in *@num; else up to *@num of them (and *@num
 * the count copied). */
static hipError_t list_nodes(const char *api, hipGraph_t graph, hipGraphNode_t *nodes,
			     size_t *num, bool roots)
{
	size_t n = 0;

	if (!num)
		return bh_rt_error(hipErrorInvalidValue, "%s: the count is NULL", api);
	pthread_mutex_lock(&graph_lock);
	if (!graph || !graph_live(graph)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "%s: %p is not a graph", api,
				   (void *)graph);
	}
	for (size_t i = 0; i < graph->nnodes; i++) {
		if (roots && graph->nodes[i]->ndeps)
			continue;
		if (nodes && n < *num)
			nodes[n] = graph->nodes[i];
		n++;
	}
	if (nodes && n > *num)
		n = *num;
	*num = n;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes)
{
	return list_nodes("hipGraphGetNodes", graph, nodes, numNodes, false);
}

hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes,
				size_t *pNumRootNodes)
{
	return list_nodes("hipGraphGetRootNodes", graph, pRootNodes, pNumRootNodes, true);
}

hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType)
{
	pthread_mutex_lock(&graph_lock);
	if (!pType || !node_live(node)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "hipGraphNodeGetType: %s",
				   pType ? "not a node" : "pType is NULL");
	}
	*pType = node->type;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t *pDependencies,
				       size_t *pNumDependencies)
{
	pthread_mutex_lock(&graph_lock);
	if (!pNumDependencies || !node_live(node)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "hipGraphNodeGetDependencies: %s",
				   pNumDependencies ? "not a node" : "pNumDependencies is NULL");
	}
	size_t n = node->ndeps;

	if (pDependencies) {
		if (n > *pNumDependencies)
			n = *pNumDependencies;
		memcpy(pDependencies, node->deps, n * sizeof(*pDependencies));
	}
	*pNumDependencies = n;
	pthread_mutex_unlock(&graph_lock);
	return bh_rt_success();
}

/* ------------------------------------------------- instantiation, replay */
static hipError_t instantiate(const char *api, hipGraphExec_t *out, hipGraph_t graph)
{
	struct hipGraphExec *x;
	size_t placed = 0;

	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: pGraphExec is NULL", api);
	pthread_mutex_lock(&graph_lock);
	if (!graph || !graph_live(graph)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "%s: %p is not a graph", api,
				   (void *)graph);
	}
	x = calloc(1, sizeof(*x));
	if (x)
		x->nodes = calloc(graph->nnodes ? graph->nnodes : 1, sizeof(*x->nodes));
	if (!x || !x->nodes) {
		pthread_mutex_unlock(&graph_lock);
		if (x)
			free(x);
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	}
	/* Kahn's order: a node after all its dependencies (order 0: not yet
	 * placed; a cycle leaves nodes unplaced). */
	for (size_t i = 0; i < graph->nnodes; i++)
		graph->nodes[i]->order = 0;
	for (bool progress = true; progress && placed < graph->nnodes;) {
		progress = false;
		for (size_t i = 0; i < graph->nnodes; i++) {
			struct hipGraphNode *n = graph->nodes[i];
			bool ready = !n->order;

			for (size_t j = 0; j < n->ndeps && ready; j++)
				ready = n->deps[j]->order != 0;
			if (!ready)
				continue;
			x->nodes[placed] = *n;
			x->nodes[placed].deps = NULL;
			x->nodes[placed].ndeps = 0;
			n->order = (unsigned int)++placed;
			progress = true;
		}
	}
	if (placed != graph->nnodes) {
		pthread_mutex_unlock(&graph_lock);
		free(x->nodes);
		free(x);
		return bh_rt_error(hipErrorInvalidValue, "%s: the graph's dependencies form a "
				   "cycle", api);
	}
	/* Kernel arguments are the exec's own (the graph may change or go). */
	for (size_t i = 0; i < placed; i++) {
		struct hipGraphNode *n = &x->nodes[i];

		if (n->type != hipGraphNodeTypeKernel)
			continue;
		size_t size = n->u.kernel.k->explicit_size;
		uint8_t *args = malloc(size ? size : 1);

		if (args)
			memcpy(args, n->u.kernel.args, size);
		n->u.kernel.args = args;
		n->u.kernel.params = NULL;
		if (!args) {
			for (size_t j = 0; j < i; j++)
				if (x->nodes[j].type == hipGraphNodeTypeKernel)
					free(x->nodes[j].u.kernel.args);
			pthread_mutex_unlock(&graph_lock);
			free(x->nodes);
			free(x);
			return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
		}
	}
	x->nnodes = placed;
	x->next = execs;
	execs = x;
	pthread_mutex_unlock(&graph_lock);
	*out = x;
	return bh_rt_success();
}

hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph,
			       hipGraphNode_t *pErrorNode, char *pLogBuffer, size_t bufferSize)
{
	if (pErrorNode)
		*pErrorNode = NULL;
	if (pLogBuffer && bufferSize)
		pLogBuffer[0] = '\0';
	return instantiate("hipGraphInstantiate", pGraphExec, graph);
}

hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph,
					unsigned long long flags)
{
	if (flags & ~(unsigned long long)(hipGraphInstantiateFlagAutoFreeOnLaunch |
					  hipGraphInstantiateFlagUpload))
		return bh_rt_error(flags & ~0xfull ? hipErrorInvalidValue : hipErrorNotSupported,
				   "hipGraphInstantiateWithFlags: flags 0x%llx (device launch and "
				   "node priorities are not supported)", flags);
	return instantiate("hipGraphInstantiateWithFlags", pGraphExec, graph);
}

hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec)
{
	pthread_mutex_lock(&graph_lock);
	if (!graphExec || !exec_live(graphExec)) {
		pthread_mutex_unlock(&graph_lock);
		return bh_rt_error(hipErrorInvalidValue, "hipGraphExecDestroy: %p is not an "
				   "instantiated graph", (void *)graphExec);
	}
	for (struct hipGraphExec **p = &execs; *p; p = &(*p)->next)
		if (*p == graphExec) {
			*p = graphExec->next;
			break;
		}
	pthread_mutex_unlock(&graph_lock);
	for (size_t i = 0; i < graphExec->nnodes; i++)
		if (graphExec->nodes[i].type == hipGraphNodeTypeKernel)
			free(graphExec->nodes[i].u.kernel.args);
	free(graphExec->nodes);
	free(graphExec);
	return bh_rt_success();
}

/* One node on stream @s (@stream: the handle as given). */
static hipError_t run_node(const struct hipGraphNode *n, struct ihipStream_t *s,
			   hipStream_t stream)
{
	static const char api[] = "hipGraphLaunch";

	switch (n->type) {
	case hipGraphNodeTypeKernel: {
		struct bh_launch l = { 0 };

		if (n->u.kernel.d != s->d)
			return bh_rt_error(hipErrorInvalidValue, "%s: kernel '%s' was captured on "
					   "device %d, the stream is device %d's", api,
					   n->u.kernel.k->name, n->u.kernel.d->ordinal,
					   s->d->ordinal);
		l.raw_args = n->u.kernel.args;
		l.raw_size = n->u.kernel.k->explicit_size;
		return bh_rt_launch(api, n->u.kernel.k, n->u.kernel.grid, n->u.kernel.block,
				    n->u.kernel.shared, s, &l);
	}
	case hipGraphNodeTypeMemcpy:
		return bh_rt_copy3d(api, n->u.copy.dst, n->u.copy.dpitch, n->u.copy.dslice,
				    n->u.copy.src, n->u.copy.spitch, n->u.copy.sslice,
				    n->u.copy.width, n->u.copy.height, n->u.copy.depth,
				    n->u.copy.kind, true, stream);
	case hipGraphNodeTypeMemset:
		for (size_t y = 0; y < n->u.fill.height; y++) {
			void *row = (uint8_t *)n->u.fill.dst + y * n->u.fill.pitch;
			hipError_t e = n->u.fill.unit == 1 ?
				hipMemsetD8Async(row, (unsigned char)n->u.fill.value,
						 n->u.fill.width, stream) :
				n->u.fill.unit == 2 ?
				hipMemsetD16Async(row, (unsigned short)n->u.fill.value,
						  n->u.fill.width, stream) :
				hipMemsetD32Async(row, (int)n->u.fill.value, n->u.fill.width,
						  stream);

			if (e)
				return e;
		}
		return hipSuccess;
	case hipGraphNodeTypeHost:
		return hipLaunchHostFunc(stream, n->u.host.fn, n->u.host.userData);
	case hipGraphNodeTypeEmpty:
		return hipSuccess;
	default:
		return not_supported(api, "these nodes");
	}
}

/*
 * The nodes, in order, on @stream.  The exec is not locked while it
 * runs: destroying it meanwhile is the program's error, as in HIP.
 */
hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream)
{
	static const char api[] = "hipGraphLaunch";
	struct ihipStream_t *s;
	bool live;
	hipError_t e;

	pthread_mutex_lock(&graph_lock);
	live = graphExec && exec_live(graphExec);
	pthread_mutex_unlock(&graph_lock);
	if (!live)
		return bh_rt_error(hipErrorInvalidValue, "%s: %p is not an instantiated graph", api,
				   (void *)graphExec);
	e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	if (capturing(s))
		return not_supported(api, "graph launches into a capturing stream (child graphs)");
	for (size_t i = 0; i < graphExec->nnodes; i++) {
		e = run_node(&graphExec->nodes[i], s, stream);
		if (e)
			return e;
	}
	return bh_rt_success();
}

/* Nothing to upload: replay builds its commands at launch. */
hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream)
{
	struct ihipStream_t *s;
	bool live;
	hipError_t e;

	pthread_mutex_lock(&graph_lock);
	live = graphExec && exec_live(graphExec);
	pthread_mutex_unlock(&graph_lock);
	if (!live)
		return bh_rt_error(hipErrorInvalidValue, "hipGraphUpload: %p is not an "
				   "instantiated graph", (void *)graphExec);
	e = bh_rt_stream_get(stream, "hipGraphUpload", hipErrorContextIsDestroyed, &s);
	return e ? e : bh_rt_success();
}

/* ------------------------------------------ memory held by graphs */
/* barehip has no memory-allocation nodes, so graphs hold no memory:
 * every amount is 0, a high watermark can be reset (to 0), and trimming
 * has nothing to free. */
static hipError_t graph_mem_device(const char *api, int device)
{
	struct bh_rt_device *d;

	return bh_rt_device_get(api, device, &d);
}

hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr, void *value)
{
	static const char api[] = "hipDeviceGetGraphMemAttribute";
	hipError_t e = graph_mem_device(api, device);

	if (e)
		return e;
	if (!value || attr < hipGraphMemAttrUsedMemCurrent || attr > hipGraphMemAttrReservedMemHigh)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s", api, !value ? "value is NULL" :
				   "not a graph memory attribute");
	*(uint64_t *)value = 0;
	return bh_rt_success();
}

hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr, void *value)
{
	static const char api[] = "hipDeviceSetGraphMemAttribute";
	hipError_t e = graph_mem_device(api, device);

	if (e)
		return e;
	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "%s: value is NULL", api);
	if ((attr != hipGraphMemAttrUsedMemHigh && attr != hipGraphMemAttrReservedMemHigh) ||
	    *(const uint64_t *)value != 0)
		return bh_rt_error(hipErrorInvalidValue, "%s: only a high watermark can be set, "
				   "and only to 0 (a reset)", api);
	return bh_rt_success();
}

hipError_t hipDeviceGraphMemTrim(int device)
{
	hipError_t e = graph_mem_device("hipDeviceGraphMemTrim", device);

	return e ? e : bh_rt_success();
}
