import { decodeInboxCursor, encodeInboxCursor } from "../sql/inbox-cursor"

describe("inbox cursor", () => {
  it("reads back the position it was made from, to the microsecond", () => {
    const position = { activity: "2026-11-23T19:46:58.123456Z", id: 4242 }
    expect(decodeInboxCursor(encodeInboxCursor(position))).toEqual(position)
  })

  it.each([
    ["junk", "nope"],
    ["an empty cursor", ""],
    ["a date that does not exist", Buffer.from("2026-02-31T00:00:00.000000Z|1").toString("base64url")],
    ["milliseconds only", Buffer.from("2026-11-23T19:46:58.123Z|1").toString("base64url")],
    ["id 0", Buffer.from("2026-11-23T19:46:58.123456Z|0").toString("base64url")],
    ["an id past int4", Buffer.from("2026-11-23T19:46:58.123456Z|2147483648").toString("base64url")],
    ["a third part", Buffer.from("2026-11-23T19:46:58.123456Z|1|2").toString("base64url")],
  ])("refuses %s", (_what, cursor) => {
    expect(decodeInboxCursor(cursor)).toBeNull()
  })
})
