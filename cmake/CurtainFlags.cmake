# Compiler flags shared by every curtain target, through the interface library
# curtain_flags.
#
# Determinism: logic must give the same bits on every build type, so floating-point
# contraction (FMA fusing) is off everywhere and fast-math is never used. Dropping
# errno from math calls and FP traps changes no result; it lets sqrt inline and
# loops with float compares vectorize.

set(CURTAIN_FP_FLAGS -ffp-contract=off -fno-fast-math -fno-math-errno -fno-trapping-math)
add_library(curtain_flags INTERFACE)
target_compile_options(curtain_flags INTERFACE
    -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
    -Wpointer-arith -Wvla -Wformat=2
    ${CURTAIN_FP_FLAGS})
target_compile_definitions(curtain_flags INTERFACE
    _POSIX_C_SOURCE=200809L
    CURTAIN_VERSION="${PROJECT_VERSION}")
target_include_directories(curtain_flags INTERFACE ${CMAKE_SOURCE_DIR}/src)

if(CURTAIN_WERROR)
    target_compile_options(curtain_flags INTERFACE -Werror)
endif()

if(CURTAIN_NATIVE)
    target_compile_options(curtain_flags INTERFACE -march=native)
endif()

if(CURTAIN_SANITIZE)
    set(curtain_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=undefined
        -fno-omit-frame-pointer)
    target_compile_options(curtain_flags INTERFACE ${curtain_sanitizers})
    target_link_options(curtain_flags INTERFACE ${curtain_sanitizers})
endif()

# libFuzzer: coverage for every library, the fuzzer's main only in the fuzz targets.
if(CURTAIN_FUZZ)
    if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "CURTAIN_FUZZ needs clang: cmake -DCMAKE_C_COMPILER=clang ...")
    endif()
    set(curtain_fuzz_flags -fsanitize=fuzzer-no-link,address,undefined
        -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    target_compile_options(curtain_flags INTERFACE ${curtain_fuzz_flags})
    target_link_options(curtain_flags INTERFACE ${curtain_fuzz_flags})
endif()

# The code-generation flags as one string, for the header line of `curtain bench`.
string(TOUPPER "${CMAKE_BUILD_TYPE}" curtain_build_type_upper)
set(curtain_codegen_flags ${CURTAIN_FP_FLAGS})
if(CURTAIN_NATIVE)
    list(APPEND curtain_codegen_flags -march=native)
endif()
if(CURTAIN_SANITIZE)
    list(APPEND curtain_codegen_flags -fsanitize=address,undefined)
endif()
list(JOIN curtain_codegen_flags " " curtain_codegen_flags)
set(CURTAIN_BUILD_FLAGS
    "${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${curtain_build_type_upper}} ${curtain_codegen_flags}")
string(STRIP "${CURTAIN_BUILD_FLAGS}" CURTAIN_BUILD_FLAGS)
