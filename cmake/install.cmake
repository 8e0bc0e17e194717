# `cmake --install build --prefix DIR` installs what an embedder needs: the
# three libraries (static), the headers of the API in amg.h under
# include/amg_tile/, amg_solve, and a CMake package:
#   find_package(amg_tile CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE amg_tile::amg_solver)
# examples/embed is such a program; tests/install_check.sh builds it.
include(CMakePackageConfigHelpers)

install(TARGETS amg_formats amg_spgemm amg_solver EXPORT amg_tile_targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES formats/amg_status.h formats/formats.h spgemm/spgemm.h solver/amg_ops.h solver/amg.h
        DESTINATION ${AMG_INSTALL_INCLUDEDIR})
install(TARGETS amg_solve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(AMG_CONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/amg_tile)
install(EXPORT amg_tile_targets NAMESPACE amg_tile:: DESTINATION ${AMG_CONFIG_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/amg_tileConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/amg_tileConfig.cmake
                              INSTALL_DESTINATION ${AMG_CONFIG_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/amg_tileConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/amg_tileConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/amg_tileConfigVersion.cmake
        DESTINATION ${AMG_CONFIG_DIR})
