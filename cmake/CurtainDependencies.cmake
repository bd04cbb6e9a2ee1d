# Finds curtain's dependencies through pkg-config. Each missing one stops the
# configure step with the name of the Debian package that provides it.

find_package(PkgConfig QUIET)
if(NOT PKG_CONFIG_FOUND)
    message(FATAL_ERROR
        "curtain needs pkg-config to find its libraries.\n"
        "On Debian: apt-get install pkg-config")
endif()

# curtain_require(<target> <pkg-config module> <Debian package>)
# Creates the imported target PkgConfig::<target>, or stops with the package to install.
function(curtain_require target module debian_package)
    pkg_check_modules(${target} QUIET IMPORTED_TARGET GLOBAL ${module})
    if(NOT ${target}_FOUND)
        message(FATAL_ERROR
            "curtain needs ${module}, which was not found.\n"
            "On Debian: apt-get install ${debian_package}")
    endif()
    message(STATUS "Found ${module} ${${target}_VERSION}")
endfunction()

curtain_require(cglm cglm libcglm-dev)
curtain_require(expat expat libexpat1-dev)
# The language server's JSON (src/lsp/): README.md says why cJSON.
curtain_require(cjson libcjson libcjson-dev)
if(CURTAIN_SDL)
    curtain_require(sdl2 sdl2 libsdl2-dev)
    curtain_require(sdl2_image SDL2_image libsdl2-image-dev)
endif()
