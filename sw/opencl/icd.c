/* libsicu-opencl: the ICD dispatch table (CL/cl_icd.h) every object points
 * to, and the extension look-up the ocl-icd loader uses to find
 * clIcdGetPlatformIDsKHR. */
#include "ocl.h"

#include <string.h>

OCL_API cl_int clIcdGetPlatformIDsKHR(cl_uint n, cl_platform_id *platforms, cl_uint *num);

OCL_API void *clGetExtensionFunctionAddress(const char *name)
{
    if (name && !strcmp(name, "clIcdGetPlatformIDsKHR"))
        return (void *)clIcdGetPlatformIDsKHR;
    return NULL;
}

OCL_API void *clGetExtensionFunctionAddressForPlatform(cl_platform_id p, const char *name)
{
    return p == &ocl_platform ? clGetExtensionFunctionAddress(name) : NULL;
}

#define E(f) .f = f
const cl_icd_dispatch ocl_dispatch = {
    E(clGetPlatformIDs), E(clGetPlatformInfo), E(clGetDeviceIDs), E(clGetDeviceInfo),
    E(clCreateContext), E(clCreateContextFromType), E(clRetainContext), E(clReleaseContext),
    E(clGetContextInfo), E(clCreateCommandQueue), E(clRetainCommandQueue), E(clReleaseCommandQueue),
    E(clGetCommandQueueInfo), E(clSetCommandQueueProperty), E(clCreateBuffer), E(clRetainMemObject),
    E(clReleaseMemObject), E(clGetMemObjectInfo), E(clCreateProgramWithSource),
    E(clCreateProgramWithBinary), E(clRetainProgram), E(clReleaseProgram), E(clBuildProgram),
    E(clUnloadCompiler), E(clGetProgramInfo), E(clGetProgramBuildInfo), E(clCreateKernel),
    E(clCreateKernelsInProgram), E(clRetainKernel), E(clReleaseKernel), E(clSetKernelArg),
    E(clGetKernelInfo), E(clGetKernelWorkGroupInfo), E(clWaitForEvents), E(clGetEventInfo),
    E(clRetainEvent), E(clReleaseEvent), E(clGetEventProfilingInfo), E(clFlush), E(clFinish),
    E(clEnqueueReadBuffer), E(clEnqueueWriteBuffer), E(clEnqueueCopyBuffer), E(clEnqueueMapBuffer),
    E(clEnqueueUnmapMemObject), E(clEnqueueNDRangeKernel), E(clEnqueueTask), E(clEnqueueMarker),
    E(clEnqueueWaitForEvents), E(clEnqueueBarrier), E(clGetExtensionFunctionAddress),
    E(clSetEventCallback), E(clRetainDevice), E(clReleaseDevice), E(clUnloadPlatformCompiler),
    E(clGetKernelArgInfo), E(clEnqueueFillBuffer), E(clEnqueueMarkerWithWaitList),
    E(clEnqueueBarrierWithWaitList), E(clGetExtensionFunctionAddressForPlatform),
};
