// <ComingSoonGate>, useComingSoon() and the block: what every page loads is the gate's decision
// (children, fallback, block's tag, unavailable note) and the countdown; the controller, the
// labels and the block's element load on mount (coming-soon-runtime.ts). Given the state the
// server found (getComingSoonState, `…/react/server`), the gate renders the right thing on the
// server and the browser asks nothing more.
import { createElement, Fragment, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react"
import { COMING_SOON_BODY_CLASS, pressAddToCart } from "../core/add-to-cart"
import type { CaptchaProvider } from "../core/captcha"
import type { ComingSoonController, ComingSoonState, SignupInput } from "../core/coming-soon-controller"
import type { LaunchDeskOptions } from "../core/config"
import { countdownParts, parseArrivalDate, type CountdownParts } from "../core/countdown"
import type { LabelsOption } from "../core/labels"
import { rememberSharedBy, sharedByOf, shareLinks } from "../core/referral"
import { COMING_SOON_TAG } from "../elements/tags"
import type { ComingSoonLookup } from "../../shared/browser-safe/coming-soon-config"
import { isBrowser, useLaunchDeskConfig, type LaunchDeskConfig } from "./context"
import type { LocalizedLabels } from "./labels"
import { alreadyLogged, loadComingSoonRuntime, noSubscription } from "./on-demand"

export type ProductRef = string | { id: string }

/** The product's state as the server found it (getComingSoonState); null when it could not, and the browser asks. */
export type ComingSoonInitialState = ComingSoonLookup | null

const IDLE_SIGNUP: ComingSoonState["signup"] = { status: "idle", message: null, mailerId: null, referralCode: null }

/** The state shown until the controller has loaded: the server's answer when given, else still checking. */
function stateBeforeLoad(initial: ComingSoonInitialState | undefined): ComingSoonState {
  if (!initial) return { phase: "loading", config: null, signup: IDLE_SIGNUP }
  return initial.coming_soon ? { phase: "coming_soon", config: initial, signup: IDLE_SIGNUP } : { phase: "available", config: null, signup: IDLE_SIGNUP }
}

function useComingSoonParts(product: ProductRef, config: LaunchDeskConfig | undefined, initialState: ComingSoonInitialState | undefined) {
  const options = useLaunchDeskConfig(config)
  const productId = typeof product === "string" ? product : product.id
  const initialKey = JSON.stringify(initialState ?? null)
  const key = `${productId}|${options.backendUrl}|${options.publishableKey}|${options.locale}|${JSON.stringify(options.labels ?? {})}|${initialKey}`
  const [loaded, setLoaded] = useState<{ key: string; controller: ComingSoonController; labels: LocalizedLabels } | null>(null)
  useEffect(() => {
    rememberSharedBy(location.href)
    let current = true
    const initial = initialState ?? undefined
    loadComingSoonRuntime()
      .then((runtime) =>
        runtime.createComingSoon({ backendUrl: options.backendUrl, publishableKey: options.publishableKey, productId, labels: options.labels, locale: options.locale, initial })
      )
      .then((made) => {
        if (!current) return
        setLoaded({ key, ...made })
        // The server's answer stands: a product it found available never waits on the browser.
        if (!initial) void made.controller.load()
      })
      .catch(alreadyLogged)
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` holds every input by value; the objects are new on each render
  }, [key])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the answer's text, not the object each render passes
  const beforeLoad = useMemo(() => stateBeforeLoad(initialState), [initialKey])
  const mine = loaded?.key === key ? loaded : null
  const controller = mine?.controller ?? null
  const shown = () => beforeLoad
  const state: ComingSoonState = useSyncExternalStore(controller ? controller.subscribe : noSubscription, controller ? controller.getState : shown, shown)
  return { options, state, controller, labels: mine?.labels ?? null }
}

/**
 * One product's coming-soon state and its signup, for a block of your own or to branch on.
 * `controller` is null until the block's code has loaded. `initialState`: getComingSoonState's
 * answer, the state from the first render on.
 */
export function useComingSoon(product: ProductRef, config?: LaunchDeskConfig, initialState?: ComingSoonInitialState) {
  const { state, controller, labels } = useComingSoonParts(product, config, initialState)
  const { status } = state.signup
  const title = state.config && labels ? labels.shareText(isBrowser() ? document.title : "") : ""
  return {
    state,
    controller,
    isComingSoon: state.phase === "coming_soon",
    signup: (input: SignupInput) => (controller ? controller.signup(input) : Promise.resolve(false)),
    /** Facebook and X links carrying `shared_by`, once the signup succeeded. */
    share: status === "success" && isBrowser() ? shareLinks(location.href, sharedByOf(state.signup), title) : null,
    /** The signup's place in line and its text ("You are #312 of 4,210 — share to move up"), once the signup succeeded. */
    place:
      status === "success" && state.signup.place && labels
        ? { ...state.signup.place, text: labels.placeInLine(state.signup.place.position, state.signup.place.total) }
        : null,
  }
}

/** Days, hours, minutes and seconds until `arrivalDate`, every second; null without a valid date or once it passed. */
export function useCountdown(arrivalDate: string | null | undefined): CountdownParts | null {
  const target = useMemo(() => parseArrivalDate(arrivalDate), [arrivalDate])
  // Null until mounted: the server's clock must not end up in the hydrated markup.
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (target === null) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      const time = Date.now()
      setNow(time)
      if (time < target) timer = setTimeout(tick, 1000 - (time % 1000) + 5)
    }
    tick()
    return () => clearTimeout(timer)
  }, [target])
  return target === null || now === null ? null : countdownParts(target, now)
}

export type ComingSoonGateProps = LaunchDeskConfig & {
  /** The product (anything with an `id`, e.g. Medusa's StoreProduct) or its id. */
  product: ProductRef
  /**
   * The product's state from getComingSoonState (`…/react/server`) in a server component: the
   * server HTML then holds the add-to-cart, or the block's place, and the browser asks nothing.
   */
  initialState?: ComingSoonInitialState
  /**
   * The add-to-cart, shown once the backend says the product is not coming soon. For a product
   * that takes pre-orders it stays in the page, hidden, and the block's "Pre-order" presses it.
   */
  children?: ReactNode
  /** Shown while the check runs (default: nothing, so no add-to-cart flashes on a coming-soon product). */
  fallback?: ReactNode
  /**
   * Shown instead of the add-to-cart when the check fails (network, CORS, an error status; the
   * console says why). Default: the `unavailable` label ("This product isn't available to buy right now").
   */
  unavailable?: ReactNode
}

/**
 * Shows its children (the add-to-cart) once the product is known not to be coming soon; the
 * coming-soon block when it is; a "not available" note when its state cannot be learnt.
 */
export function ComingSoonGate({ product, initialState, children, fallback = null, unavailable, ...config }: ComingSoonGateProps) {
  const { options, state, controller, labels } = useComingSoonParts(product, config, initialState)
  // The hidden add-to-cart of a product that takes pre-orders, by callback ref.
  const [hiddenAddToCart, setHiddenAddToCart] = useState<HTMLDivElement | null>(null)
  const preorder = useCallback(() => {
    if (hiddenAddToCart) pressAddToCart(hiddenAddToCart)
  }, [hiddenAddToCart])
  if (state.phase === "loading") return createElement(Fragment, null, fallback)
  if (state.phase === "error") {
    // An error is only known once the controller (and so the labels) loaded.
    return unavailable !== undefined
      ? createElement(Fragment, null, unavailable)
      : createElement("p", { role: "status", "data-launchdesk-unavailable": "" }, labels?.unavailable)
  }
  if (state.phase !== "coming_soon") return createElement(Fragment, null, children)
  const takesPreorders = state.config?.preorder === true && children !== undefined && children !== null
  const block = createElement(ComingSoonBlock, {
    controller,
    labels: options.labels,
    locale: options.locale,
    captchaProvider: options.captchaProvider,
    captchaScriptUrl: options.captchaScriptUrl,
    nonce: options.nonce,
    theme: options.theme,
    preorder: takesPreorders ? preorder : undefined,
  })
  if (!takesPreorders) return block
  return createElement(Fragment, null, block, createElement("div", { ref: setHiddenAddToCart, hidden: true, "data-launchdesk-preorder": "" }, children))
}

type ComingSoonBlockProps = {
  /** Null while the block's code loads: the element is in place, empty, until then. */
  controller: ComingSoonController | null
  labels?: LabelsOption
  /** The shopper's locale (default `<html lang>`, else the browser's languages). */
  locale?: string
  captchaProvider?: CaptchaProvider
  captchaScriptUrl?: string
  nonce?: string
  theme?: LaunchDeskOptions["theme"]
  /** The "Pre-order" action, for a product that takes pre-orders (CONTRACT §12): the store's own add-to-cart. */
  preorder?: () => void
}

/** The `<launchdesk-coming-soon>` element for a controller, and the page's body class while it shows. */
export function ComingSoonBlock({ controller, labels, locale, captchaProvider, captchaScriptUrl, nonce, theme, preorder }: ComingSoonBlockProps) {
  const ref = useRef<HTMLElement>(null)
  const labelsKey = JSON.stringify(labels ?? {})
  // The store's overrides from the admin came with the lookup that found the product coming soon.
  const storeKey = JSON.stringify(controller?.getState().config?.labels ?? null)
  useEffect(() => {
    document.body.classList.add(COMING_SOON_BODY_CLASS)
    return () => document.body.classList.remove(COMING_SOON_BODY_CLASS)
  }, [])
  useEffect(() => {
    const element = ref.current
    if (!controller || !element) return
    let current = true
    const settings = { controller, labels, locale, captchaProvider, captchaScriptUrl, nonce, theme, preorder }
    loadComingSoonRuntime()
      .then((runtime) => runtime.configureComingSoonElement(element, settings, () => current))
      .catch(alreadyLogged)
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels by their text, not the objects a parent or a lookup makes anew
  }, [controller, labelsKey, storeKey, locale, captchaProvider, captchaScriptUrl, nonce, theme, preorder])
  // eslint-disable-next-line react-hooks/refs -- createElement hands the ref to the element, as ref={ref} does; nothing reads it here
  return createElement(COMING_SOON_TAG, { ref })
}
