// Text as written in a config, without the spaces and tabs around it.

extension String {
    /// Without leading and trailing spaces and tabs.
    package var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars = scalars.dropFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
