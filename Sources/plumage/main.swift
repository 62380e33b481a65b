import SDLPlatform
import FeedImport
print(linkedSDLVersion())
