// Vireo's version: "X.Y" for a release build (CMake's VIREO_RELEASE), "X.Y-dev-<commit>" for
// any other, so that a user's report names the exact build.
#pragma once

namespace vireo {

const char* version();

}  // namespace vireo
