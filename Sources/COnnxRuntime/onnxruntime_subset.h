// The part of ONNX Runtime's C API that FrameLens calls, declared from its documentation
// (onnxruntime_c_api.h): the entry point `OrtGetApiBase` and the `OrtApi` table of function pointers up to
// the last entry used. The table only grows at its end from one release to the next, so these offsets hold
// for every release since the API version requested (FRAMELENS_ORT_API_VERSION). Entries FrameLens does not
// call are kept as untyped slots so that the ones it calls sit at their places.
//
// Nothing links against the library: FrameLens `dlopen`s libonnxruntime.so at run time and looks
// `OrtGetApiBase` up by name (`OrtGetApiBaseFunction`).
#pragma once
#include <stddef.h>
#include <stdint.h>

/// The `OrtApi` version FrameLens asks for: ONNX Runtime 1.13's table, whose entries up to
/// `AddSessionConfigEntry` are declared here; ONNX Runtime 1.19, which `scripts/install-deps.sh` installs, serves it.
#define FRAMELENS_ORT_API_VERSION 13

typedef struct OrtEnv OrtEnv;
typedef struct OrtStatus OrtStatus;
typedef struct OrtMemoryInfo OrtMemoryInfo;
typedef struct OrtSession OrtSession;
typedef struct OrtValue OrtValue;
typedef struct OrtRunOptions OrtRunOptions;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;
typedef struct OrtSessionOptions OrtSessionOptions;
typedef struct OrtModelMetadata OrtModelMetadata;
typedef struct OrtAllocator OrtAllocator;

typedef enum OrtLoggingLevel {
    ORT_LOGGING_LEVEL_VERBOSE,
    ORT_LOGGING_LEVEL_INFO,
    ORT_LOGGING_LEVEL_WARNING,
    ORT_LOGGING_LEVEL_ERROR,
    ORT_LOGGING_LEVEL_FATAL,
} OrtLoggingLevel;

/// The element types used (ONNXTensorElementDataType).
typedef enum ONNXTensorElementDataType {
    ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED = 0,
    ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT = 1,
} ONNXTensorElementDataType;

typedef enum OrtAllocatorType {
    OrtInvalidAllocator = -1,
    OrtDeviceAllocator = 0,
    OrtArenaAllocator = 1,
} OrtAllocatorType;

typedef enum OrtMemType {
    OrtMemTypeCPUInput = -2,
    OrtMemTypeCPUOutput = -1,
    OrtMemTypeDefault = 0,
} OrtMemType;

typedef enum GraphOptimizationLevel {
    ORT_DISABLE_ALL = 0,
    ORT_ENABLE_BASIC = 1,
    ORT_ENABLE_EXTENDED = 2,
    ORT_ENABLE_ALL = 99,
} GraphOptimizationLevel;

/// A null status is success; any other must be released with `ReleaseStatus`.
typedef OrtStatus *OrtStatusPtr;

/// The function table, in the header's order. `unused_A_B` stands for the entries A to B.
typedef struct OrtApi {
    void *unused_0_1[2];  // CreateStatus, GetErrorCode
    const char *(*GetErrorMessage)(const OrtStatus *status);
    OrtStatusPtr (*CreateEnv)(OrtLoggingLevel log_severity_level, const char *logid, OrtEnv **out);
    void *unused_4_6[3];  // CreateEnvWithCustomLogger, EnableTelemetryEvents, DisableTelemetryEvents
    OrtStatusPtr (*CreateSession)(const OrtEnv *env, const char *model_path, const OrtSessionOptions *options,
                                  OrtSession **out);
    void *unused_8;  // CreateSessionFromArray
    OrtStatusPtr (*Run)(OrtSession *session, const OrtRunOptions *run_options, const char *const *input_names,
                        const OrtValue *const *inputs, size_t input_len, const char *const *output_names,
                        size_t output_names_len, OrtValue **outputs);
    OrtStatusPtr (*CreateSessionOptions)(OrtSessionOptions **options);
    void *unused_11_22[12];  // SetOptimizedModelFilePath ... SetSessionLogSeverityLevel
    OrtStatusPtr (*SetSessionGraphOptimizationLevel)(OrtSessionOptions *options, GraphOptimizationLevel level);
    OrtStatusPtr (*SetIntraOpNumThreads)(OrtSessionOptions *options, int intra_op_num_threads);
    OrtStatusPtr (*SetInterOpNumThreads)(OrtSessionOptions *options, int inter_op_num_threads);
    void *unused_26_35[10];  // CreateCustomOpDomain ... SessionGetOverridableInitializerTypeInfo
    OrtStatusPtr (*SessionGetInputName)(const OrtSession *session, size_t index, OrtAllocator *allocator,
                                        char **value);
    OrtStatusPtr (*SessionGetOutputName)(const OrtSession *session, size_t index, OrtAllocator *allocator,
                                         char **value);
    void *unused_38_48[11];  // SessionGetOverridableInitializerName ... CreateTensorAsOrtValue
    OrtStatusPtr (*CreateTensorWithDataAsOrtValue)(const OrtMemoryInfo *info, void *p_data, size_t p_data_len,
                                                   const int64_t *shape, size_t shape_len,
                                                   ONNXTensorElementDataType type, OrtValue **out);
    void *unused_50;  // IsTensor
    OrtStatusPtr (*GetTensorMutableData)(OrtValue *value, void **out);
    void *unused_52_60[9];  // FillStringTensor ... GetTensorElementType
    OrtStatusPtr (*GetDimensionsCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);
    OrtStatusPtr (*GetDimensions)(const OrtTensorTypeAndShapeInfo *info, int64_t *dim_values,
                                  size_t dim_values_length);
    void *unused_63_64[2];  // GetSymbolicDimensions, GetTensorShapeElementCount
    OrtStatusPtr (*GetTensorTypeAndShape)(const OrtValue *value, OrtTensorTypeAndShapeInfo **out);
    void *unused_66_68[3];  // GetTypeInfo, GetValueType, CreateMemoryInfo
    OrtStatusPtr (*CreateCpuMemoryInfo)(OrtAllocatorType type, OrtMemType mem_type, OrtMemoryInfo **out);
    void *unused_70_75[6];  // CompareMemoryInfo ... AllocatorAlloc
    OrtStatusPtr (*AllocatorFree)(OrtAllocator *allocator, void *p);
    void *unused_77;  // AllocatorGetInfo
    OrtStatusPtr (*GetAllocatorWithDefaultOptions)(OrtAllocator **out);
    void *unused_79_91[13];  // AddFreeDimensionOverride ... KernelContext_GetOutput
    void (*ReleaseEnv)(OrtEnv *input);
    void (*ReleaseStatus)(OrtStatus *input);
    void (*ReleaseMemoryInfo)(OrtMemoryInfo *input);
    void (*ReleaseSession)(OrtSession *input);
    void (*ReleaseValue)(OrtValue *input);
    void *unused_97_98[2];  // ReleaseRunOptions, ReleaseTypeInfo
    void (*ReleaseTensorTypeAndShapeInfo)(OrtTensorTypeAndShapeInfo *input);
    void (*ReleaseSessionOptions)(OrtSessionOptions *input);
    void *unused_101_110[10];  // ReleaseCustomOpDomain ... SessionEndProfiling
    OrtStatusPtr (*SessionGetModelMetadata)(const OrtSession *session, OrtModelMetadata **out);
    void *unused_112_115[4];  // ModelMetadataGetProducerName ... ModelMetadataGetDescription
    OrtStatusPtr (*ModelMetadataLookupCustomMetadataMap)(const OrtModelMetadata *model_metadata,
                                                         OrtAllocator *allocator, const char *key, char **value);
    void *unused_117;  // ModelMetadataGetVersion
    void (*ReleaseModelMetadata)(OrtModelMetadata *input);
    void *unused_119_129[11];  // CreateEnvWithGlobalThreadPools ... FillStringTensorElement
    OrtStatusPtr (*AddSessionConfigEntry)(OrtSessionOptions *options, const char *config_key,
                                          const char *config_value);
} OrtApi;

typedef struct OrtApiBase {
    const OrtApi *(*GetApi)(uint32_t version);
    const char *(*GetVersionString)(void);
} OrtApiBase;

/// The type of the library's exported `OrtGetApiBase`, which FrameLens looks up with `dlsym`.
typedef const OrtApiBase *(*OrtGetApiBaseFunction)(void);

// The table's size, checked against the header's count of entries (0 to 130).
_Static_assert(sizeof(OrtApi) == 131 * sizeof(void *), "OrtApi slots up to AddSessionConfigEntry");
