# Sourced by Scripts/check-apple and Scripts/check-docs (not run on its own): the compiler
# command that builds the package's code against the stand-ins of Apple's API in
# Scripts/AppleStandIns, and the stand-in modules themselves.
#
# After `standins_setup WORK`: $WORK/modules holds Combine, Security, CryptoKit, Darwin and
# SQLite3 as modules
# (each built with `swiftc -emit-module` from its stand-in), and the array SWIFTC is a swiftc
# command line in Swift 6 mode with the package's upcoming features, warnings as errors, its
# package name, and the stand-ins and the Linux build's modules on the import path.
standins_setup() {
  local work=$1 bin feature module package_name
  bin=$(swift build --show-bin-path)
  mkdir -p "$work/modules"
  local features=()
  for feature in $(sed -n 's/.*enableUpcomingFeature("\([A-Za-z]*\)").*/\1/p' Package.swift); do
    features+=(-enable-upcoming-feature "$feature")
  done
  # `package` declarations need the package name SwiftPM gave the build (the checkout's folder name).
  package_name=$(grep -o '"-package-name","[^"]*"' .build/debug.yaml | head -1 | cut -d'"' -f4)
  SWIFTC=(swiftc -swift-version 6 -parse-as-library "${features[@]}" -warnings-as-errors -package-name "$package_name"
    -I "$work/modules" -I "$bin/Modules" -I "$bin"
    -Xcc -fmodule-map-file="$PWD/Sources/CCrypto/module.modulemap"
    -Xcc -fmodule-map-file="$PWD/Sources/CSQLite/module.modulemap")
  for module in Combine Security CryptoKit Darwin SQLite3; do
    swiftc -swift-version 6 -parse-as-library -module-name "$module" -emit-module \
      -Xcc -fmodule-map-file="$PWD/Sources/CSQLite/module.modulemap" \
      -emit-module-path "$work/modules/$module.swiftmodule" "Scripts/AppleStandIns/$module.swift"
  done
}
