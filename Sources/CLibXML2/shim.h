// Debian's libxml2 is built with ICU, so <libxml/encoding.h> would include the system's
// <unicode/ucnv.h>, whose declarations clash with the ICU headers Foundation bundles. Without ICU
// only two trailing pointer fields of xmlCharEncodingHandler drop out of view; Swift never uses them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xmlreader.h>
