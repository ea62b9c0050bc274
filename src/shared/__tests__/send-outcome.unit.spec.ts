import { z } from "@medusajs/framework/zod"
import { forbidden, invalid, notFound, ok, parseInput, rateLimited } from "../outcome"
import { httpAnswer } from "../send-outcome"

describe("outcomes as HTTP answers", () => {
  it("answers refusals with Medusa's error body and status", () => {
    expect(httpAnswer(invalid("Invalid email: bad"))).toEqual({
      status: 400,
      headers: {},
      body: { type: "invalid_data", message: "Invalid email: bad" },
    })
    expect(httpAnswer(forbidden("no session"))).toMatchObject({ status: 403, body: { type: "not_allowed" } })
    expect(httpAnswer(notFound("gone"))).toMatchObject({ status: 404, body: { type: "not_found" } })
  })

  it("gives a 429 its wait, readable by a storefront on another origin", () => {
    expect(httpAnswer(rateLimited("slow down", 42))).toEqual({
      status: 429,
      headers: { "Retry-After": "42", "Access-Control-Expose-Headers": "Retry-After" },
      body: { type: "too_many_requests", message: "slow down" },
    })
  })

  it("sets a success's cookie, and takes another error body when given one", () => {
    const answer = httpAnswer(
      ok({ done: true }, { name: "c", value: "v", maxAgeSeconds: 60, httpOnly: false, sameSite: "none", secure: true })
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ done: true })
    expect(answer.headers["Set-Cookie"]).toMatch(/^c=v; Max-Age=60; Path=\/; Expires=.+; Secure; SameSite=None$/)
    expect(httpAnswer(ok({})).headers).toEqual({})
    expect(httpAnswer(invalid("x"), (type, message) => ({ success: false, type, message })).body).toEqual({
      success: false,
      type: "invalid_data",
      message: "x",
    })
  })

  it("words a zod failure as the validation middlewares do", () => {
    const schema = z.object({ email: z.string().email() }).strict()
    expect(parseInput(schema, { email: "a@b.co" })).toEqual({ data: { email: "a@b.co" } })
    expect(parseInput(schema, { email: "a@b.co", x: 1 })).toEqual({ refusal: invalid("Unknown field(s): x") })
    expect(parseInput(schema, undefined)).toEqual({ refusal: { kind: "invalid", message: expect.stringMatching(/^Invalid email: /) } })
  })
})
