// Each suite boots Medusa anew; stale MikroORM metadata from the previous one breaks it.
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()
