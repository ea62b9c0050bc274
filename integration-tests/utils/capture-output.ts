import type { Logger } from "@medusajs/framework/types"

/**
 * Everything handed to Medusa's logger and written to stdout/stderr/console while `run`
 * runs: what a log collector could ever see.
 */
export async function captureOutput(logger: Logger, run: () => Promise<void>): Promise<string> {
  const chunks: string[] = []
  const loggerSpies = (["info", "warn", "error", "debug", "log", "http", "verbose"] as const)
    .filter((method) => typeof logger[method] === "function")
    .map((method) =>
      jest.spyOn(logger, method).mockImplementation((...args: unknown[]) => {
        chunks.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(" "))
      })
    )
  const streamSpies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk))
      return true
    })
  )
  const consoleSpies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      chunks.push(args.map(String).join(" "))
    })
  )
  try {
    await run()
  } finally {
    ;[...loggerSpies, ...streamSpies, ...consoleSpies].forEach((spy) => spy.mockRestore())
  }
  return chunks.join("\n")
}
