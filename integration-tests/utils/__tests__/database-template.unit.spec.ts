import * as postgresTemplate from "@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template"
import { TestDatabaseUtils } from "@medusajs/test-utils"
import { DATABASE_IN_USE, retrySnapshotsWhileInUse, retryWhileInUse } from "../database-template"

const inUse = () => Object.assign(new Error('source database "spec" is being accessed by other users'), { code: DATABASE_IN_USE })

/** A copy that PostgreSQL refuses `refusals` times before it succeeds. */
function copyRefused(refusals: number) {
  let calls = 0
  const copy = jest.fn(async () => {
    calls++
    if (calls <= refusals) throw inUse()
    return "copied"
  })
  return copy
}

describe("retryWhileInUse", () => {
  it("tries the copy again while the database is in use, and returns what it returned", async () => {
    const copy = copyRefused(2)
    await expect(retryWhileInUse(copy, { attempts: 5, pauseMs: 1 })).resolves.toBe("copied")
    expect(copy).toHaveBeenCalledTimes(3)
  })

  it("gives up after its attempts with PostgreSQL's error", async () => {
    const copy = copyRefused(10)
    await expect(retryWhileInUse(copy, { attempts: 3, pauseMs: 1 })).rejects.toMatchObject({ code: DATABASE_IN_USE })
    expect(copy).toHaveBeenCalledTimes(3)
  })

  it("does not try again on any other error", async () => {
    const copy = jest.fn(async () => {
      throw Object.assign(new Error("permission denied to create database"), { code: "42501" })
    })
    await expect(retryWhileInUse(copy, { attempts: 5, pauseMs: 1 })).rejects.toMatchObject({ code: "42501" })
    expect(copy).toHaveBeenCalledTimes(1)
  })
})

describe("retrySnapshotsWhileInUse", () => {
  it("reaches the snapshot Medusa's runner takes before a spec's first test", async () => {
    // Stands in for PostgreSQL: refused once, as when a session was opening during the first try.
    const snapshot = jest.spyOn(postgresTemplate, "createPostgresDatabaseTemplate").mockImplementation(copyRefused(1) as never)
    try {
      retrySnapshotsWhileInUse({ attempts: 3, pauseMs: 1 })
      // The runner's own database utilities, as it makes them for each spec.
      await TestDatabaseUtils.dbTestUtilFactory().snapshot({ databaseName: "spec", templateName: "spec-template" })
      expect(snapshot).toHaveBeenCalledTimes(2)
      expect(snapshot).toHaveBeenCalledWith({ databaseName: "spec", templateName: "spec-template" })
    } finally {
      snapshot.mockRestore()
    }
  })
})
