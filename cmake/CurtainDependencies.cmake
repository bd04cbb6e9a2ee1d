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
# The language server's JSON (src/lsp/): docs/development.md says why cJSON.
curtain_require(cjson libcjson libcjson-dev)
# A mod's music from Ogg Vorbis files (src/audio/vorbis.c); the tests encode
# their files with libvorbisenc. docs/development.md says why libvorbis.
curtain_require(vorbisfile vorbisfile libvorbis-dev)
curtain_require(vorbis vorbis libvorbis-dev)
curtain_require(vorbisenc vorbisenc libvorbis-dev)
curtain_require(ogg ogg libogg-dev)
if(CURTAIN_SDL)
    curtain_require(sdl2 sdl2 libsdl2-dev)
    curtain_require(sdl2_image SDL2_image libsdl2-image-dev)
endif()
