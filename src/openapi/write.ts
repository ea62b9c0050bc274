import { writeFileSync } from "node:fs"
import path from "node:path"
import { openApiJson } from "./document"

/** `npm run docs:openapi`: writes docs/openapi.json from the route descriptions. */
export const OPENAPI_FILE = path.resolve(__dirname, "../../docs/openapi.json")

if (require.main === module) {
  writeFileSync(OPENAPI_FILE, openApiJson())
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`)
}
