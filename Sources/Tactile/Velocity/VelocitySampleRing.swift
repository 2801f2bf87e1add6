/// One stored sample: a time and up to two coordinates (the scalar tracker
/// leaves `b` at 0).
struct VelocitySample: Sendable, Hashable {
    var time: Double
    var a: Double
    var b: Double
}

/// A fixed-capacity ring of the newest ``VelocityTrackerParameters/maximumSampleCount``
/// samples, stored inline in the value (a homogeneous tuple), so adding a
/// sample never allocates. When full, a new sample overwrites the oldest.
struct VelocitySampleRing: Sendable {
    /// The capacity; must match the arity of `Storage`.
    static let capacity = 20

    private typealias Storage = (
        VelocitySample, VelocitySample, VelocitySample, VelocitySample, VelocitySample,
        VelocitySample, VelocitySample, VelocitySample, VelocitySample, VelocitySample,
        VelocitySample, VelocitySample, VelocitySample, VelocitySample, VelocitySample,
        VelocitySample, VelocitySample, VelocitySample, VelocitySample, VelocitySample
    )

    private var storage: Storage
    /// The slot of the oldest sample.
    private var start = 0
    /// How many slots hold samples.
    private(set) var count = 0

    init() {
        let empty = VelocitySample(time: 0, a: 0, b: 0)
        storage = (
            empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
            empty, empty, empty, empty, empty, empty, empty, empty, empty, empty
        )
        assert(MemoryLayout<Storage>.size == Self.capacity * MemoryLayout<VelocitySample>.stride)
    }

    var isEmpty: Bool { count == 0 }

    /// The sample `age` places back from the newest (0 = newest).
    /// `age` must be in `0..<count`.
    subscript(fromNewest age: Int) -> VelocitySample {
        precondition(age >= 0 && age < count, "sample index out of range")
        return load(slot: (start + count - 1 - age) % Self.capacity)
    }

    /// The newest sample, if any.
    var newest: VelocitySample? { isEmpty ? nil : self[fromNewest: 0] }

    /// Appends `sample`, dropping the oldest when the ring is full.
    mutating func append(_ sample: VelocitySample) {
        if count < Self.capacity {
            store(sample, slot: (start + count) % Self.capacity)
            count += 1
        } else {
            store(sample, slot: start)
            start = (start + 1) % Self.capacity
        }
    }

    /// Overwrites the newest sample. The ring must not be empty.
    mutating func replaceNewest(with sample: VelocitySample) {
        precondition(count > 0, "no sample to replace")
        store(sample, slot: (start + count - 1) % Self.capacity)
    }

    /// Forgets every sample (the storage is kept).
    mutating func removeAll() {
        start = 0
        count = 0
    }

    // `VelocitySample` is a trivial type and a homogeneous tuple is laid out
    // contiguously, so raw loads and stores at multiples of the stride are valid.
    private func load(slot: Int) -> VelocitySample {
        withUnsafeBytes(of: storage) { bytes in
            bytes.load(fromByteOffset: slot * MemoryLayout<VelocitySample>.stride, as: VelocitySample.self)
        }
    }

    private mutating func store(_ sample: VelocitySample, slot: Int) {
        withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.storeBytes(
                of: sample, toByteOffset: slot * MemoryLayout<VelocitySample>.stride, as: VelocitySample.self)
        }
    }
}
