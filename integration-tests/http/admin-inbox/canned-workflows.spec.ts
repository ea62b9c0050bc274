import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCannedResponseStep } from "../../../src/workflows/chat/steps/create-canned-response"
import { deleteCannedResponseStep } from "../../../src/workflows/chat/steps/delete-canned-response"
import { updateCannedResponseStep } from "../../../src/workflows/chat/steps/update-canned-response"
import { chatModule } from "../../utils/chat"

jest.setTimeout(120 * 1000)

// Runs after the step under test, so the workflow fails and compensates it.
const failAfterwardsStep = createStep("fail-afterwards", async () => {
  throw new Error("a later step failed")
})

const createThenFail = createWorkflow("test-create-canned-then-fail", (input: { question: string; response: string }) => {
  createCannedResponseStep(input)
  failAfterwardsStep()
  return new WorkflowResponse(undefined)
})

const updateThenFail = createWorkflow("test-update-canned-then-fail", (input: { id: number; question: string }) => {
  updateCannedResponseStep(input)
  failAfterwardsStep()
  return new WorkflowResponse(undefined)
})

const deleteThenFail = createWorkflow("test-delete-canned-then-fail", (input: { id: number }) => {
  deleteCannedResponseStep(input)
  failAfterwardsStep()
  return new WorkflowResponse(undefined)
})

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    const chat = () => chatModule(getContainer())
    const questions = async () => (await chat().listCannedResponses({})).map((canned) => canned.question)

    describe("canned response steps undo their write when a later step fails", () => {
      it("create: the new canned response is removed", async () => {
        const { errors } = await createThenFail(getContainer()).run({
          input: { question: "Shipping?", response: "3 days" },
          throwOnError: false,
        })
        expect(errors.map((error) => error.error.message)).toEqual(["a later step failed"])
        expect(await questions()).toEqual([])
      })

      it("update: the previous text and category come back", async () => {
        const canned = await chat().createCannedResponses({ question: "Old", response: "Old answer", category: "A" })
        const { errors } = await updateThenFail(getContainer()).run({
          input: { id: canned.id, question: "New" },
          throwOnError: false,
        })
        expect(errors).toHaveLength(1)
        const [restored] = await chat().listCannedResponses({ id: canned.id })
        expect(restored).toMatchObject({ question: "Old", response: "Old answer", category: "A" })
      })

      it("delete: the canned response is back", async () => {
        const canned = await chat().createCannedResponses({ question: "Kept", response: "Still here" })
        const { errors } = await deleteThenFail(getContainer()).run({ input: { id: canned.id }, throwOnError: false })
        expect(errors).toHaveLength(1)
        expect(await questions()).toEqual(["Kept"])
      })
    })
  },
})
