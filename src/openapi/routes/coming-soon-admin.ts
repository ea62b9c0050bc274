import { z } from "@medusajs/framework/zod"
import { stringId } from "../../shared/input-schema"
import { SuccessBody } from "../../types/http/common"
import {
  AdminComingSoonSettingsResponse,
  AdminLaunchResponse,
  AdminLaunchRetryResponse,
  AdminLaunchStatsResponse,
  AdminProductComingSoonResponse,
  AdminSignupErasureResponse,
  AdminSignupListResponse,
} from "../../types/http/coming-soon-admin"
import { AdminListSignups, AdminUpdateComingSoonSettings, AdminUpdateProductComingSoon } from "../../api/admin/coming-soon/validators"
import { AdminLaunchProduct } from "../../coming-soon/launch"
import { error, json } from "../responses"
import { admin, INVALID, jsonBody, ProductIdParam, TAGS, type RouteDescription } from "./route-kinds"

/** Coming soon's admin routes: a product's settings, its launch and stats, the settings, the signup ledger. */

const SignupIdParam = z.object({ id: stringId().meta({ description: "The signup ledger row's id." }) })

const comingSoonAdmin = (route: Omit<RouteDescription, "tag" | "access" | "lanes">): RouteDescription =>
  admin({ ...route, tag: TAGS.comingSoonAdmin })

const NO_PRODUCT = error(404, "No such product")

export const COMING_SOON_ADMIN_ROUTES: RouteDescription[] = [
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/products/{product_id}",
    summary: "A product's coming-soon settings",
    params: ProductIdParam,
    responses: { 200: json(AdminProductComingSoonResponse, "The settings (defaults when none are saved)"), 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/products/{product_id}",
    summary: "Save a product's coming-soon settings (partial update)",
    params: ProductIdParam,
    body: jsonBody(AdminUpdateProductComingSoon),
    responses: { 200: json(AdminProductComingSoonResponse, "The saved settings"), 400: INVALID, 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/products/{product_id}/launch",
    summary: "The product's launch and its emails' progress",
    params: ProductIdParam,
    responses: { 200: json(AdminLaunchResponse, "The launch (`status: none` before one)"), 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/products/{product_id}/launch",
    summary: "Launch the product now (once)",
    description: "A second launch answers the existing one and starts nothing.",
    params: ProductIdParam,
    body: jsonBody(AdminLaunchProduct),
    responses: {
      200: json(AdminLaunchResponse, "The launch"),
      400: error(400, "An invalid promotion"),
      404: NO_PRODUCT,
      409: error(409, "The product is not coming soon and was never launched"),
    },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/products/{product_id}/launch/retry",
    summary: "Give the launch's dead emails fresh attempts",
    params: ProductIdParam,
    responses: { 200: json(AdminLaunchRetryResponse, "How many are due again"), 400: INVALID, 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/products/{product_id}/stats",
    summary: "What the waitlist earned",
    params: ProductIdParam,
    responses: { 200: json(AdminLaunchStatsResponse, "The figures"), 404: NO_PRODUCT },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/settings",
    summary: "The coming-soon settings (secrets write-only)",
    responses: { 200: json(AdminComingSoonSettingsResponse, "The effective settings") },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/settings",
    summary: "Save the coming-soon settings (a blank secret keeps the stored one)",
    body: jsonBody(AdminUpdateComingSoonSettings),
    responses: { 200: json(AdminComingSoonSettingsResponse, "The effective settings"), 400: INVALID },
  }),
  comingSoonAdmin({
    method: "get",
    path: "/admin/coming-soon/signups",
    summary: "The signup ledger, newest first (`format=csv`: every matching row as CSV)",
    query: AdminListSignups,
    responses: {
      200: {
        description: "One page as JSON, or every matching row as CSV",
        content: {
          "application/json": { schema: AdminSignupListResponse },
          "text/csv": { schema: z.string().meta({ description: "RFC 4180, a header line, formula-safe cells." }) },
        },
      },
      400: INVALID,
    },
  }),
  comingSoonAdmin({
    method: "delete",
    path: "/admin/coming-soon/signups/{id}",
    summary: "Erase a signup (data-erasure request)",
    params: SignupIdParam,
    responses: { 200: json(AdminSignupErasureResponse, "Erased, and what the mailing list did"), 400: INVALID, 404: error(404, "No such signup") },
  }),
  comingSoonAdmin({
    method: "post",
    path: "/admin/coming-soon/signups/{id}/retry-sync",
    summary: "Give a dead signup fresh sync attempts",
    params: SignupIdParam,
    responses: { 200: json(SuccessBody, "Due now"), 400: error(400, "The signup's sync is not dead"), 404: error(404, "No such signup") },
  }),
]
