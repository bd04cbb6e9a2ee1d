# Installing curtain as a desktop game, and packaging it (`cmake --install`, CPack).
#
# Everything goes under GNU install dirs of CMAKE_INSTALL_PREFIX (any prefix):
#   bin/curtain                                 the game (finds share/curtain relative to itself)
#   share/curtain/{assets,patterns,tutorial}    its data (tutorial: the How to Play field)
#   share/applications/ID.desktop               the menu entry
#   share/applications/ID.replay.desktop        opens .rpl replays in the replay viewer
#   share/mime/packages/ID.xml                  the replay MIME type
#   share/metainfo/ID.metainfo.xml              AppStream: description, OARS rating, releases
#   share/icons/hicolor/NxN/apps/curtain.png    the icon (drawn by tools/atlas, tools/CMakeLists.txt)
#   share/man/man6/curtain.6                    the man page (tests/app/man_test.sh keeps it true)
#   share/doc/curtain/README.md, manual.md   the front door and the player's manual
# ID is CURTAIN_APP_ID, a reverse-DNS name; the homepage is a placeholder until there is one.
# The metainfo's screenshots are dist/screenshots/*.png (taken from the game under Xvfb), to
# be published at HOMEPAGE/screenshots/.

set(CURTAIN_APP_ID "example.curtain.Curtain" CACHE STRING "Reverse-DNS application id")
set(CURTAIN_HOMEPAGE "https://curtain.example/" CACHE STRING "Homepage (ends with /)")
set(CURTAIN_REPLAY_MIME "application/x-curtain-replay")

# Explicit modes (CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS: the top CMakeLists.txt).
install(DIRECTORY assets patterns tutorial DESTINATION ${CMAKE_INSTALL_DATADIR}/curtain
    DIRECTORY_PERMISSIONS ${CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS}
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)

if(CURTAIN_SDL)
    set(dist ${CMAKE_BINARY_DIR}/dist)
    configure_file(dist/curtain.desktop.in ${dist}/${CURTAIN_APP_ID}.desktop @ONLY)
    configure_file(dist/curtain-replay.desktop.in ${dist}/${CURTAIN_APP_ID}.replay.desktop @ONLY)
    configure_file(dist/curtain-mime.xml.in ${dist}/${CURTAIN_APP_ID}.xml @ONLY)
    configure_file(dist/curtain.metainfo.xml.in ${dist}/${CURTAIN_APP_ID}.metainfo.xml @ONLY)
    configure_file(dist/curtain.6.in ${dist}/curtain.6 @ONLY)
    install(FILES ${dist}/${CURTAIN_APP_ID}.desktop ${dist}/${CURTAIN_APP_ID}.replay.desktop
            DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES ${dist}/${CURTAIN_APP_ID}.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
    install(FILES ${dist}/${CURTAIN_APP_ID}.metainfo.xml
            DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
    install(FILES ${dist}/curtain.6 DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
    install(FILES README.md docs/manual.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()

# A Debian package: `cpack -G DEB` in the build folder (or `cmake --build BUILD
# --target package`). Its library dependencies come from dpkg-shlibdeps.
set(CPACK_PACKAGE_NAME curtain)
set(CPACK_PACKAGE_VENDOR "The curtain maintainers")
set(CPACK_PACKAGE_CONTACT "curtain maintainers <maintainers@curtain.example>" CACHE STRING
    "The Debian package's maintainer")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "bullet-hell shoot-'em-up with a moddable pattern engine")
set(CPACK_PACKAGE_DESCRIPTION "curtain is a vertical bullet-hell (danmaku) shoot-'em-up: a stage, a midboss
and a boss with spell cards, practice, replays, a tutorial and accessibility
options. Its bullets, enemies and stages are pattern files a mod can change,
and classic BulletML files run too.")
set(CPACK_PACKAGE_HOMEPAGE_URL "${CURTAIN_HOMEPAGE}")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
