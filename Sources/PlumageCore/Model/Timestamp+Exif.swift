import Imaging

extension Timestamp {
    /// The moment a camera's clock showed `exif`, read as UTC: EXIF dates carry no time zone, so a
    /// photo's date is shown exactly as its camera wrote it.
    public init(_ exif: ExifDateTime) {
        self.init(year: exif.year, month: exif.month, day: exif.day, hour: exif.hour, minute: exif.minute,
                  second: exif.second)
    }
}
