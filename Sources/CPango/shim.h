// Pango with cairo (layout, hit-testing, raster), Pango's fontconfig font map (to give it the app's
// own FcConfig) and fontconfig itself (app font rules, Inter added by file).
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
