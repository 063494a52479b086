/*
 * barehip: graphs and stream capture (included by <hip/hip_runtime_api.h>;
 * names, types and values as ROCm declares them).  What barehip runs:
 * kernel, memcpy (1D and 3D), memset, host and empty nodes, built
 * explicitly or captured from a stream, and their replay on a stream
 * (kit/runtime/graph.c).  What it refuses with hipErrorNotSupported:
 * child-graph, event, memory-allocation, conditional and external
 * semaphore nodes, and updates of an instantiated graph
 * (docs/graphs.md).
 */
#ifndef BH_HIP_GRAPH_H
#define BH_HIP_GRAPH_H

#ifdef __cplusplus
extern "C" {
#define BH_DEFAULT_ARG(x) = x
#else
#define BH_DEFAULT_ARG(x)
#endif

typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef struct hipUserObject *hipUserObject_t;

typedef enum hipGraphNodeType {
	hipGraphNodeTypeKernel = 0,
	hipGraphNodeTypeMemcpy = 1,
	hipGraphNodeTypeMemset = 2,
	hipGraphNodeTypeHost = 3,
	hipGraphNodeTypeGraph = 4,
	hipGraphNodeTypeEmpty = 5,
	hipGraphNodeTypeWaitEvent = 6,
	hipGraphNodeTypeEventRecord = 7,
	hipGraphNodeTypeExtSemaphoreSignal = 8,
	hipGraphNodeTypeExtSemaphoreWait = 9,
	hipGraphNodeTypeMemAlloc = 10,
	hipGraphNodeTypeMemFree = 11,
	hipGraphNodeTypeMemcpyFromSymbol = 12,
	hipGraphNodeTypeMemcpyToSymbol = 13,
	hipGraphNodeTypeConditional = 14,
	hipGraphNodeTypeCount
} hipGraphNodeType;

typedef struct hipHostNodeParams {
	hipHostFn_t fn;
	void *userData;
} hipHostNodeParams;

typedef struct hipKernelNodeParams {
	dim3 blockDim;
	void **extra;
	void *func;
	dim3 gridDim;
	void **kernelParams;
	unsigned int sharedMemBytes;
} hipKernelNodeParams;

typedef struct hipMemsetParams {
	void *dst;
	unsigned int elementSize;
	size_t height;
	size_t pitch;
	unsigned int value;
	size_t width;
} hipMemsetParams;

typedef enum hipStreamCaptureMode {
	hipStreamCaptureModeGlobal = 0,
	hipStreamCaptureModeThreadLocal,
	hipStreamCaptureModeRelaxed
} hipStreamCaptureMode;

typedef enum hipStreamCaptureStatus {
	hipStreamCaptureStatusNone = 0,
	hipStreamCaptureStatusActive,
	hipStreamCaptureStatusInvalidated
} hipStreamCaptureStatus;

typedef enum hipStreamUpdateCaptureDependenciesFlags {
	hipStreamAddCaptureDependencies = 0,
	hipStreamSetCaptureDependencies
} hipStreamUpdateCaptureDependenciesFlags;

typedef enum hipGraphInstantiateFlags {
	hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
	hipGraphInstantiateFlagUpload = 2,
	hipGraphInstantiateFlagDeviceLaunch = 4,
	hipGraphInstantiateFlagUseNodePriority = 8
} hipGraphInstantiateFlags;

typedef enum hipGraphExecUpdateResult {
	hipGraphExecUpdateSuccess = 0x0,
	hipGraphExecUpdateError = 0x1,
	hipGraphExecUpdateErrorTopologyChanged = 0x2,
	hipGraphExecUpdateErrorNodeTypeChanged = 0x3,
	hipGraphExecUpdateErrorFunctionChanged = 0x4,
	hipGraphExecUpdateErrorParametersChanged = 0x5,
	hipGraphExecUpdateErrorNotSupported = 0x6,
	hipGraphExecUpdateErrorUnsupportedFunctionChange = 0x7
} hipGraphExecUpdateResult;

/* Stream capture. */
hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph);
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus);
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus,
				   unsigned long long *pId);
hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream,
				      hipStreamCaptureStatus *captureStatus_out,
				      unsigned long long *id_out BH_DEFAULT_ARG(0),
				      hipGraph_t *graph_out BH_DEFAULT_ARG(0),
				      const hipGraphNode_t **dependencies_out BH_DEFAULT_ARG(0),
				      size_t *numDependencies_out BH_DEFAULT_ARG(0));
hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode);

/* Graphs and their nodes. */
hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from,
				   const hipGraphNode_t *to, size_t numDependencies);
hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes);
hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes,
				size_t *pNumRootNodes);
hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType);
hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t *pDependencies,
				       size_t *pNumDependencies);
hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				 const hipGraphNode_t *pDependencies, size_t numDependencies,
				 const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams *pNodeParams);
hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				 const hipGraphNode_t *pDependencies, size_t numDependencies,
				 const hipMemcpy3DParms *pCopyParams);
hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				   const hipGraphNode_t *pDependencies, size_t numDependencies,
				   void *dst, const void *src, size_t count, hipMemcpyKind kind);
hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				 const hipGraphNode_t *pDependencies, size_t numDependencies,
				 const hipMemsetParams *pMemsetParams);
hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
			       const hipGraphNode_t *pDependencies, size_t numDependencies,
			       const hipHostNodeParams *pNodeParams);
hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				const hipGraphNode_t *pDependencies, size_t numDependencies);
/* A node's parameters, read and replaced (not in an instantiated graph). */
hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node, const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node, hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node, const hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst, const void *src,
					 size_t count, hipMemcpyKind kind);
hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node, hipMemsetParams *pNodeParams);
hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node, const hipMemsetParams *pNodeParams);
hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node, hipHostNodeParams *pNodeParams);
hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node, const hipHostNodeParams *pNodeParams);
/* Driver-style copy nodes (HIP_MEMCPY3D; the context is the device's). */
hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t *phGraphNode, hipGraph_t hGraph,
				    const hipGraphNode_t *dependencies, size_t numDependencies,
				    const HIP_MEMCPY3D *copyParams, hipCtx_t ctx);
hipError_t hipDrvGraphMemcpyNodeGetParams(hipGraphNode_t hNode, HIP_MEMCPY3D *nodeParams);
hipError_t hipDrvGraphMemcpyNodeSetParams(hipGraphNode_t hNode, const HIP_MEMCPY3D *nodeParams);

/* Memory the graphs hold: none, as barehip has no memory-allocation
 * nodes; the watermarks can be reset, trimming has nothing to do. */
typedef enum hipGraphMemAttributeType {
	hipGraphMemAttrUsedMemCurrent = 0,
	hipGraphMemAttrUsedMemHigh,
	hipGraphMemAttrReservedMemCurrent,
	hipGraphMemAttrReservedMemHigh,
} hipGraphMemAttributeType;
hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr, void *value);
hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr, void *value);
hipError_t hipDeviceGraphMemTrim(int device);

/* Refused (hipErrorNotSupported): child graphs, event and memory nodes. */
hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				     const hipGraphNode_t *pDependencies, size_t numDependencies,
				     hipGraph_t childGraph);
hipError_t hipGraphAddEventRecordNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				      const hipGraphNode_t *pDependencies, size_t numDependencies,
				      hipEvent_t event);
hipError_t hipGraphAddEventWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
				    const hipGraphNode_t *pDependencies, size_t numDependencies,
				    hipEvent_t event);

/* Instantiation and replay. */
hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph,
			       hipGraphNode_t *pErrorNode, char *pLogBuffer, size_t bufferSize);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph,
					unsigned long long flags);
hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream);
/* Refused (hipErrorNotSupported): updates of an instantiated graph. */
hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
			      hipGraphNode_t *hErrorNode_out,
			      hipGraphExecUpdateResult *updateResult_out);
hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
					   const hipKernelNodeParams *pNodeParams);

#undef BH_DEFAULT_ARG
#ifdef __cplusplus
} /* extern "C" */
#endif
#endif
