// Route files import what they call from here, so their import paths stay short at any depth.
export { comingSoonModule } from "../../../medusa/coming-soon"
export { stringIdParam } from "../../utils/validate-query"
