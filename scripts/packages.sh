# Installing Debian packages that are missing, shared by setup.sh,
# build_web.sh and test_web.sh (sourced, not run).

# package_installed NAME: whether Debian package NAME is installed. node and
# npm count when their commands are there: NodeSource's nodejs package
# bundles npm and conflicts with Debian's npm package.
package_installed() {
  case $1 in nodejs | npm) command -v "${1/nodejs/node}" >/dev/null && return 0 ;; esac
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# install_missing WHO PACKAGE...: apt-get installs those not installed (with
# sudo unless root), saying what and how long as WHO on standard error. The
# package lists are updated once per shell (and its subshells).
install_missing() {
  local who=$1
  shift
  local missing=() p
  for p in "$@"; do package_installed "$p" || missing+=("$p"); done
  ((${#missing[@]})) || return 0
  local sudo="" start=$SECONDS
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
  echo "$who: installing ${missing[*]}" >&2
  if [ -z "${packages_lists_updated:-}" ]; then
    $sudo apt-get update -qq
    packages_lists_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  echo "$who: packages installed in $((SECONDS - start)) s" >&2
}
