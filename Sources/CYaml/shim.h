// libyaml's header comes from the system (pkg-config yaml-0.1). When it is missing, say which
// package provides it instead of clang's bare "'yaml.h' file not found".
#if __has_include(<yaml.h>)
#include <yaml.h>
#else
#error "libyaml is not installed: install libyaml-dev (Debian/Ubuntu: apt-get install libyaml-dev; macOS: brew install libyaml)"
#endif
