// Names of address spaces for diagnostics.
#include "memory/tagged_pointer.h"

namespace spvsim {

const char *addressSpaceName(AddressSpace s) {
  switch (s) {
  case AddressSpace::Global:
    return "global";
  case AddressSpace::Constant:
    return "constant";
  case AddressSpace::Local:
    return "local";
  case AddressSpace::Private:
    return "private";
  case AddressSpace::None:
    break;
  }
  return "none";
}

} // namespace spvsim
