// Route files import what they call from here, so their import paths stay short at any depth.
export { comingSoonModule } from "../../../medusa/coming-soon"
export { stringIdParam } from "../../utils/validate-query"
export { launchView, type AdminLaunchProductType } from "../../../coming-soon/launch"
export { requireProductWithSettings } from "../../../coming-soon/product-settings"
export { launchComingSoonProductWorkflow } from "../../../workflows/coming-soon/launch-coming-soon-product"
