import { toast } from "@medusajs/ui"
import { errorMessage } from "./format"
import { t } from "./i18n"

type ToastMessages = {
  /** Shown when the action succeeds; nothing is shown when absent. */
  success?: string
  /** Put before the error's message, as `<failure>: <message>` in the user's language; the bare message when absent. */
  failure?: string
}

/** Runs an admin action and reports its outcome as a toast; resolves to whether it succeeded. */
export async function toastAction(action: () => Promise<unknown>, { success, failure }: ToastMessages): Promise<boolean> {
  try {
    await action()
    if (success) toast.success(success)
    return true
  } catch (error) {
    toast.error(failure ? t("common.failedWith", { failure, message: errorMessage(error) }) : errorMessage(error))
    return false
  }
}
