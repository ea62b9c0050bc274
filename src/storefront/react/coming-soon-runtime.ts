// The coming-soon block's code for the React bindings, loaded when a <ComingSoonGate> or
// useComingSoon() mounts: the controller and the labels first, the custom element only for a
// product that turns out to be coming soon.
import { createApiClient } from "../core/api"
import type { CaptchaProvider } from "../core/captcha"
import { ComingSoonController } from "../core/coming-soon-controller"
import type { LaunchDeskOptions } from "../core/config"
import type { LabelsOption } from "../core/labels"
import { readSharedBy } from "../core/referral"
import type { ComingSoonLookup } from "../../shared/browser-safe/coming-soon-config"
import { loadLabels, withStoreLabels, type LocalizedLabels } from "./labels"

export type ComingSoonSettings = {
  backendUrl: string
  publishableKey: string
  productId: string
  labels: LabelsOption | undefined
  locale: string | undefined
  /** The lookup the server already made (getComingSoonState): no call from the browser. */
  initial: ComingSoonLookup | undefined
}

/** The product's controller, its state taken from `initial` or asked of the backend. */
export async function createComingSoon(settings: ComingSoonSettings): Promise<{ controller: ComingSoonController; labels: LocalizedLabels }> {
  const labels = await loadLabels(settings.labels, settings.locale)
  const controller = new ComingSoonController({
    api: createApiClient({ baseUrl: settings.backendUrl, publishableKey: settings.publishableKey, locale: labels.locale.tag }),
    productId: settings.productId,
    labels,
    sharedBy: () => readSharedBy(),
    backendUrl: settings.backendUrl,
    initial: settings.initial,
  })
  return { controller, labels }
}

export type BlockSettings = {
  controller: ComingSoonController
  labels: LabelsOption | undefined
  locale: string | undefined
  captchaProvider: CaptchaProvider | undefined
  captchaScriptUrl: string | undefined
  nonce: string | undefined
  theme: LaunchDeskOptions["theme"]
  /** The block's "Pre-order" action, for a product that takes pre-orders. */
  preorder?: () => void
}

/** Defines `<launchdesk-coming-soon>` and hands `element` its controller, with the store's texts from the lookup over the bundled ones. */
export async function configureComingSoonElement(element: HTMLElement, settings: BlockSettings, isCurrent: () => boolean) {
  const [pageLabels, elements] = await Promise.all([loadLabels(settings.labels, settings.locale), import("../elements/coming-soon-element")])
  if (!isCurrent()) return
  const { controller, captchaProvider, captchaScriptUrl, nonce, theme, preorder } = settings
  const labels = withStoreLabels(pageLabels, controller.getState().config?.labels, settings.labels)
  elements.defineComingSoonElement()
  customElements.upgrade(element)
  if (elements.isComingSoonElement(element)) {
    element.configure({ controller, labels, locale: labels.locale, captchaProvider, captchaScriptUrl, nonce, theme, preorder })
  }
}
