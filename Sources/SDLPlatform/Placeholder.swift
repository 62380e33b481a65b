internal import CSDL2
internal import CSDL2Image
internal import CSDL2TTF
internal import CTurboJPEG
import PlumageCore

/// The SDL version this module was linked against, as "major.minor.patch".
public func linkedSDLVersion() -> String {
    var v = SDL_version()
    SDL_GetVersion(&v)
    _ = tjInitDecompress
    return "\(v.major).\(v.minor).\(v.patch)"
}
