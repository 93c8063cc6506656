import Courier
import Foundation
import TestSupport
import Testing

/// JSONTestSuite (`../shared/fixtures/json/conformance/test_parsing`): `y_` files are accepted,
/// `n_` files rejected with a `DecodingError`, `i_` files go the way the decoder's article says.
@Suite(.ownThread) struct TapeDecoderConformanceTests {
    /// What the decoder does with each `i_` file: the table of the JSONDecoding article. Numbers
    /// are accepted as syntax (a `Skeleton` reads them); `asDouble` says whether reading the
    /// first number as a `Double` succeeds.
    static let implementationDefined: [String: (accepted: Bool, asDouble: Bool?)] = [
        "i_number_double_huge_neg_exp.json": (true, false),
        "i_number_huge_exp.json": (true, false),
        "i_number_neg_int_huge_exp.json": (true, false),
        "i_number_pos_double_huge_exp.json": (true, false),
        "i_number_real_neg_overflow.json": (true, false),
        "i_number_real_pos_overflow.json": (true, false),
        "i_number_real_underflow.json": (true, false),
        "i_number_too_big_neg_int.json": (true, true),
        "i_number_too_big_pos_int.json": (true, true),
        "i_number_very_big_negative_int.json": (true, true),
        "i_object_key_lone_2nd_surrogate.json": (false, nil),
        "i_string_1st_surrogate_but_2nd_missing.json": (false, nil),
        "i_string_1st_valid_surrogate_2nd_invalid.json": (false, nil),
        "i_string_UTF-16LE_with_BOM.json": (false, nil),
        "i_string_UTF-8_invalid_sequence.json": (false, nil),
        "i_string_UTF8_surrogate_U+D800.json": (false, nil),
        "i_string_incomplete_surrogate_and_escape_valid.json": (false, nil),
        "i_string_incomplete_surrogate_pair.json": (false, nil),
        "i_string_incomplete_surrogates_escape_valid.json": (false, nil),
        "i_string_invalid_lonely_surrogate.json": (false, nil),
        "i_string_invalid_surrogate.json": (false, nil),
        "i_string_invalid_utf-8.json": (false, nil),
        "i_string_inverted_surrogates_U+1D11E.json": (false, nil),
        "i_string_iso_latin_1.json": (false, nil),
        "i_string_lone_second_surrogate.json": (false, nil),
        "i_string_lone_utf8_continuation_byte.json": (false, nil),
        "i_string_not_in_unicode_range.json": (false, nil),
        "i_string_overlong_sequence_2_bytes.json": (false, nil),
        "i_string_overlong_sequence_6_bytes.json": (false, nil),
        "i_string_overlong_sequence_6_bytes_null.json": (false, nil),
        "i_string_truncated-utf-8.json": (false, nil),
        "i_string_utf16BE_no_BOM.json": (false, nil),
        "i_string_utf16LE_no_BOM.json": (false, nil),
        "i_structure_500_nested_arrays.json": (true, nil),
        "i_structure_UTF-8_BOM_empty_object.json": (true, nil),
    ]

    @Test func everyYFileIsAccepted() throws {
        let files = try JSONCorpus.conformanceFiles().filter { $0.name.hasPrefix("y_") }
        #expect(files.count == 95)
        for (name, data) in files {
            #expect(throws: Never.self, "\(name)") { try JSON.TapeDecoder().decode(Skeleton.self, from: data) }
        }
    }

    @Test func everyNFileIsRejectedWithADecodingError() throws {
        let files = try JSONCorpus.conformanceFiles().filter { $0.name.hasPrefix("n_") }
        #expect(files.count == 188)
        for (name, data) in files {
            #expect(throws: DecodingError.self, "\(name)") { try JSON.TapeDecoder().decode(Skeleton.self, from: data) }
        }
    }

    @Test func everyIFileGoesTheDocumentedWay() throws {
        let files = try JSONCorpus.conformanceFiles().filter { $0.name.hasPrefix("i_") }
        #expect(Set(files.map(\.name)) == Set(Self.implementationDefined.keys))
        for (name, data) in files {
            guard let expected = Self.implementationDefined[name] else { continue }
            let outcome = Outcome {
                _ = try JSON.TapeDecoder().decode(Skeleton.self, from: data)
                return true
            }
            if expected.accepted {
                #expect(outcome == .value(true), "\(name)")
            } else {
                guard case .failure("dataCorrupted", _) = outcome else {
                    Issue.record("\(name): \(outcome)")
                    continue
                }
            }
            if let asDouble = expected.asDouble {
                let read = Outcome { try JSON.TapeDecoder().decode([Double].self, from: data) }
                #expect(read.isFailure == !asDouble, "\(name)")
                #expect(read != .notADecodingError, "\(name)")
            }
        }
    }

    @Test func aHundredThousandOpeningBracketsAreRefusedAtTheDepthLimit() {
        let opening = Data(repeating: UInt8(ascii: "["), count: 100_000)
        let balanced = opening + Data(repeating: UInt8(ascii: "]"), count: 100_000)
        for data in [opening, balanced] {
            let outcome = Outcome {
                _ = try JSON.TapeDecoder().decode(Skeleton.self, from: data)
                return true
            }
            guard case .failure(let kind, _) = outcome else {
                Issue.record("accepted: \(outcome)")
                continue
            }
            #expect(kind == "dataCorrupted")
        }
        let deepest =
            String(repeating: "[", count: JSON.TapeDecoder.maximumDepth)
            + String(repeating: "]", count: JSON.TapeDecoder.maximumDepth)
        #expect(throws: Never.self) { try JSON.TapeDecoder().decode(Skeleton.self, from: Data(deepest.utf8)) }
    }

    /// The decoder reads the caller's bytes in place, so a document cut short anywhere (inside a
    /// string, an escape, a surrogate pair, a UTF-8 sequence, a number or a literal) must fail
    /// with `dataCorrupted` at its end, never read past it; the whole document decodes.
    @Test func everyPrefixOfADocumentFailsCleanly() throws {
        let document = Data(
            #"{"a\"\u00e9\ud83d\ude00": ["é😀", -12.5e+3, 0, true, false, null, {"": [[]]}], "b": 1E2}"#.utf8)
        #expect(throws: Never.self) { try JSON.TapeDecoder().decode(Skeleton.self, from: document) }
        for length in 0..<document.count {
            // A fresh buffer of exactly `length` bytes: nothing readable after the document.
            let prefix = Data(document.prefix(length))
            let outcome = Outcome {
                _ = try JSON.TapeDecoder().decode(Skeleton.self, from: prefix)
                return true
            }
            guard case .failure(let kind, _) = outcome else {
                Issue.record("prefix of \(length) bytes accepted")
                continue
            }
            #expect(kind == "dataCorrupted", "prefix of \(length) bytes")
        }
    }

    /// Every accepted document of JSONTestSuite and `twitter.json` (the other benchmark documents
    /// are compared by courier-bench: here they would cost the shared machine a minute of CPU)
    /// read into ``JSON`` by both decoders gives equal values, except where JSONDecoder refuses
    /// valid JSON.
    @Test func corpusDocumentsDecodeAsJSONDecoderDecodesThem() throws {
        var documents = try JSONCorpus.conformanceFiles().filter { $0.name.hasPrefix("y_") }
        documents.append(("twitter.json", try JSONCorpus.benchmark("twitter.json")))
        // JSONDecoder (swift-foundation 6.3) refuses `[0e1]` as invalid JSON.
        let refusedByFoundation: Set = ["y_number_0e1.json"]
        let pair = DecoderPair()
        for (name, data) in documents {
            let (tape, foundation) = pair.decode(JSON.self, data)
            if refusedByFoundation.contains(name) {
                #expect(foundation.isFailure && !tape.isFailure, "\(name)")
            } else {
                #expect(tape == foundation, "\(name)")
            }
        }
    }
}
