// The velocity trackers' samples, in a fixed-size ring with inline storage.

/// One stored sample: a time and up to two coordinates (the scalar tracker
/// leaves `b` at 0).
struct VelocitySample: Sendable, Hashable {
    var time: Double
    var a: Double
    var b: Double
}

/// A fixed-capacity ring of the newest ``VelocityTrackerParameters/maximumSampleCount``
/// samples, stored inline in the value (an `InlineArray`), so adding a
/// sample never allocates and reading one never copies the ring.
struct VelocitySampleRing: Sendable {
    private typealias Storage = InlineArray<20, VelocitySample>

    /// The capacity.
    static var capacity: Int { Storage.count }

    private var storage = Storage(repeating: VelocitySample(time: 0, a: 0, b: 0))
    /// The slot of the oldest sample.
    private var start = 0
    /// How many slots hold samples.
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The sample `age` places back from the newest (0 = newest).
    /// `age` must be in `0..<count`.
    @inline(__always)
    subscript(fromNewest age: Int) -> VelocitySample {
        precondition(age >= 0 && age < count, "sample index out of range")
        return storage.span[slot(start + count - 1 - age)]
    }

    /// The newest sample, if any: kept beside the ring, as reading it from
    /// the inline storage copied all of the storage on every call (the
    /// tracker reads it for every sample it adds).
    private(set) var newest: VelocitySample?

    /// Appends `sample`, dropping the oldest when the ring is full.
    @inline(__always)
    mutating func append(_ sample: VelocitySample) {
        newest = sample
        if count < Self.capacity {
            storage[slot(start + count)] = sample
            count += 1
        } else {
            storage[start] = sample
            start = slot(start + 1)
        }
    }

    /// Overwrites the newest sample. The ring must not be empty.
    @inline(__always)
    mutating func replaceNewest(with sample: VelocitySample) {
        precondition(count > 0, "no sample to replace")
        newest = sample
        storage[slot(start + count - 1)] = sample
    }

    /// Copies the newest `min(count, buffer.count)` samples into `buffer`,
    /// newest first, and returns how many.
    @inline(__always)
    func copyNewestFirst(into buffer: UnsafeMutableBufferPointer<VelocitySample>) -> Int {
        let copied = Swift.min(count, buffer.count)
        let samples = storage.span  // read in place: the storage's subscript would copy all of it per read
        for age in 0..<copied { buffer[age] = samples[slot(start + count - 1 - age)] }
        return copied
    }

    /// Forgets every sample (the storage is kept).
    mutating func removeAll() {
        newest = nil
        start = 0
        count = 0
    }

    /// `position` (in `0..<2 × capacity`) wrapped into a slot, without a division.
    @inline(__always)
    private func slot(_ position: Int) -> Int {
        position >= Self.capacity ? position - Self.capacity : position
    }
}
