# The atlas generator is deterministic and the committed atlas is up to date:
# regenerates assets/atlas.png and src/render/atlas_table.h into the build folder
# and wants both byte-identical to the committed files.
# usage: cmake -DGEN=atlas_gen -DSRC=source_dir -DOUT=scratch_dir -P atlas_test.cmake
file(MAKE_DIRECTORY ${OUT})
execute_process(COMMAND ${GEN} ${OUT}/atlas.png ${OUT}/atlas_table.h RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "atlas_gen failed (${rc})")
endif()
foreach(pair "assets/atlas.png;atlas.png" "src/render/atlas_table.h;atlas_table.h")
    list(GET pair 0 committed)
    list(GET pair 1 fresh)
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${SRC}/${committed} ${OUT}/${fresh}
                    RESULT_VARIABLE differ)
    if(NOT differ EQUAL 0)
        message(FATAL_ERROR "${committed} differs from what tools/atlas/atlas_gen draws now "
                            "(${OUT}/${fresh}); regenerate with "
                            "`cmake --build BUILD --target atlas` and commit both files")
    endif()
endforeach()
message(STATUS "atlas.png and atlas_table.h match the generator")
