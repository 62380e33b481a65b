"""Manifest of every derived image: where it comes from, how it is cut, and its licence.

Shared by make_images.py (which writes the files) and make_licenses.py (which credits them).
Source keys: "bg:NAME" is /usr/share/backgrounds/NAME from lomiri-wallpapers-16.04,
"sk:NAME" is skimage/data/NAME from the scikit-image 0.26.0 wheel.
Crop boxes are fractions (x0, y0, x1, y1) of the source for photos and backgrounds,
and source pixels for avatars.
"""

SEEDING = "bg:seeding_by_Clements_Engelhardt.jpg"
SUNSET = "bg:sunset_by_Aitzol_Berasategi.jpg"
AITZGORRI = "bg:aitzgorri_by_Aitzol_Berasategi.jpg"
PICOS = "bg:picosdeeuropa_by_Aitzol_Berasategi.jpg"
LIFE = "bg:life_by_Aitzol_Berasategi.jpg"
FRIENDS = "bg:friends_by_Aitzol_Berasategi.jpg"
FIG = "bg:Picture_0B_by_freespace.jpg"
BRUSHES = "bg:Picture_1A_by_freespace.jpg"
WINE = "bg:Wine_by_Jakkub_Mede.jpg"
UMANG = "bg:umang_by_Abhishek_Mudgal.jpg"

CC0 = "CC0-1.0"
PD = "public domain"
CCBY = "CC-BY-4.0 (see LICENSES/CC-BY-4.0.txt)"

# Source key -> (title, author, licence), from the packages' copyright files and skimage docstrings.
CREDITS = {
    SEEDING: ("Seeding", "Clemens Engelhardt, 2018", CC0),
    SUNSET: ("Sunset", "Aitzol Berasategi, 2018", CCBY),
    AITZGORRI: ("Aitzgorri", "Aitzol Berasategi, 2018", CCBY),
    PICOS: ("Picos de Europa", "Aitzol Berasategi, 2018", CCBY),
    LIFE: ("Life", "Aitzol Berasategi, 2018", CCBY),
    FRIENDS: ("Friends", "Aitzol Berasategi, 2018", CCBY),
    FIG: ("Picture 0B", "Trevor \"Freespace\", 2018", CCBY),
    BRUSHES: ("Picture 1A", "Trevor \"Freespace\", 2018", CCBY),
    WINE: ("Wine", "Jakub Mede, 2018", CCBY),
    UMANG: ("Umang", "Abhishek Mudgal, 2018", CCBY),
    "sk:astronaut.png": ("Eileen Collins", "NASA", PD),
    "sk:chelsea.png": ("Chelsea the cat", "Stefan van der Walt", CC0),
    "sk:coffee.png": ("Coffee", "Rachel Michetti (Pikolo Espresso Bar)", CC0),
    "sk:rocket.jpg": ("DSCOVR launch on Falcon 9", "SpaceX", PD),
    "sk:hubble_deep_field.jpg": ("Hubble eXtreme Deep Field", "NASA", PD),
    "sk:retina.jpg": ("Fundus photograph", "Mikael Häggström (Wikimedia)", CC0),
    "sk:camera.png": ("Cameraman", "Lav Varshney", CC0),
    "sk:coins.png": ("Greek coins from Pompeii", "Brooklyn Museum", "no known copyright restrictions"),
}

FULL = (0.0, 0.0, 1.0, 1.0)

# Demo photos: output name -> (source, crop fractions). Long edge capped at PHOTO_EDGE, never upscaled.
PHOTO_EDGE = 1600
PHOTOS = {
    "dandelions.jpg": (SEEDING, FULL),
    "dandelion-portrait.jpg": (SEEDING, (0.10, 0.0, 0.50, 1.0)),
    "sunset.jpg": (SUNSET, FULL),
    "sunset-square.jpg": (SUNSET, (0.167, 0.0, 0.833, 1.0)),
    "meadow.jpg": (AITZGORRI, FULL),
    "ridge-panorama.jpg": (AITZGORRI, (0.0, 0.18, 1.0, 0.55)),
    "picos.jpg": (PICOS, FULL),
    "picos-trail.jpg": (PICOS, (0.0, 0.30, 0.56, 1.0)),
    "creek.jpg": (LIFE, FULL),
    "creek-square.jpg": (LIFE, (0.167, 0.0, 0.833, 1.0)),
    "dogs.jpg": (FRIENDS, FULL),
    "fig.jpg": (FIG, FULL),
    "brushes.jpg": (BRUSHES, FULL),
    "drum-and-wine.jpg": (WINE, FULL),
    "gradient.jpg": (UMANG, FULL),
    "gradient-portrait.jpg": (UMANG, (0.30, 0.0, 0.70, 1.0)),
    "astronaut.jpg": ("sk:astronaut.png", FULL),
    "cat.jpg": ("sk:chelsea.png", FULL),
    "coffee.jpg": ("sk:coffee.png", FULL),
    "rocket.jpg": ("sk:rocket.jpg", FULL),
    "hubble.jpg": ("sk:hubble_deep_field.jpg", FULL),
    "retina.jpg": ("sk:retina.jpg", FULL),
    "cameraman.jpg": ("sk:camera.png", FULL),
    "coins.jpg": ("sk:coins.png", FULL),
}

# The one photo committed byte-for-byte (decode benchmark input, also shown in the demo).
FULL_PHOTO = ("seeding-full.jpg", SEEDING)

# Blurred-backdrop backgrounds: output name -> (source, crop fractions), BACKGROUND_WIDTH wide.
BACKGROUND_WIDTH = 1920
BACKGROUNDS = {
    "dandelions.jpg": (SEEDING, FULL),
    "sunset.jpg": (SUNSET, FULL),
    "mountains.jpg": (PICOS, FULL),
    "forest.jpg": (LIFE, FULL),
}

# Avatars: handle -> ("photo", source, pixel box) | ("identicon",) | ("initials", "AB").
AVATARS = {
    "adapark": ("photo", "sk:coffee.png", (150, 20, 470, 340)),
    "nadiavolkova": ("photo", "sk:chelsea.png", (110, 20, 370, 280)),
    "photowalk": ("photo", "sk:camera.png", (180, 30, 400, 250)),
    "ivan_sokolov": ("photo", "sk:rocket.jpg", (220, 110, 420, 310)),
    "tomasz": ("photo", "sk:hubble_deep_field.jpg", (300, 250, 600, 550)),
    "hugo_m": ("photo", "sk:retina.jpg", (420, 440, 980, 1000)),
    "mirakato": ("photo", SEEDING, (640, 150, 2090, 1600)),
    "marcus_b": ("photo", FRIENDS, (480, 600, 960, 1080)),
    "liwei": ("identicon",),
    "priya": ("identicon",),
    "sorenholm": ("identicon",),
    "noa_levi": ("initials", "NL"),
    "jiwoo": ("initials", "JH"),
    "elena_ruiz": ("initials", "ER"),
}
