/*
 * A form's file question, over HTTP to the remotes' test server (shared-auth/testing): a wrong file
 * stays on the phone with the reason, a good one is uploaded for its question and camper and named
 * in the answer, and the API's refusal is shown under the question.
 */
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { AppProviders, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import type { FormField } from "shared-auth/wire";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FileField, fileProblem, type FileValue } from "./file-field";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("student", api, { email: "parent@example.com", displayName: "Pat Parent", emailVerified: true });
});
afterEach(() => {
  cleanup();
  resetPage();
});

const FIELD: FormField = {
  key: "physical",
  kind: "file",
  label: "The doctor's physical",
  help: "",
  required: true,
  medical: true,
  choices: [],
  min: null,
  max: null,
};

let given: FileValue | undefined;
function Question() {
  const [value, setValue] = useState<FileValue | undefined>(undefined);
  return (
    <FileField
      field={FIELD}
      id="q"
      label="The doctor's physical (required)"
      hint={undefined}
      value={value}
      error={undefined}
      onChange={(v) => {
        given = v;
        setValue(v);
      }}
      formId="form-1"
      camperId="mia"
    />
  );
}

const renderQuestion = () => {
  render(
    <AppProviders path="/dashboard/forms">
      <Question />
    </AppProviders>,
  );
  return userEvent.setup({ applyAccept: false });
};

describe("a file question", () => {
  it("keeps a wrong file on the phone and says why", () => {
    expect(fileProblem({ type: "text/plain", size: 10, name: "notes.txt" })).toMatch(/a photo .* or a PDF/);
    expect(fileProblem({ type: "", size: 10, name: "IMG_0001.HEIC" })).toBeNull();
    expect(fileProblem({ type: "application/pdf", size: 9 * 1024 * 1024, name: "a.pdf" })).toMatch(/larger than 8 MB/);
    expect(fileProblem({ type: "application/pdf", size: 0, name: "a.pdf" })).toBe("The file is empty.");
  });

  it("uploads a PDF for its question and camper, names it in the answer, and shows a refusal", async () => {
    api.on("POST /forms/form-1/files", {
      status: 201,
      body: { file_id: "f-1", name: "physical.pdf", kind: "pdf", bytes: 900 },
    });
    const user = renderQuestion();
    const input = screen.getByLabelText("The doctor's physical (required)");
    await user.upload(input, new File(["%PDF-1.7 ..."], "physical.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Uploaded: physical.pdf")).toBeTruthy();
    expect(given).toEqual({ file_id: "f-1", name: "physical.pdf", kind: "pdf" });
    const [sent] = api.calls("POST /forms/form-1/files");
    expect(Object.fromEntries(sent!.query)).toEqual({ field: "physical", camper_id: "mia" });
    expect((sent!.body as { contentType: string }).contentType).toMatch(/^multipart\/form-data/);
    expect(screen.getByRole("button", { name: "Download to check" })).toBeTruthy();

    await user.upload(input, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Choose a photo/);
    expect(api.calls("POST /forms/form-1/files")).toHaveLength(1);

    api.on("POST /forms/form-1/files", {
      status: 415,
      body: {
        error: "Unsupported Media Type",
        message: "That PDF is protected by a password: upload a copy without one.",
      },
    });
    await user.upload(input, new File(["%PDF-1.7 locked"], "locked.pdf", { type: "application/pdf" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "That PDF is protected by a password: upload a copy without one.",
    );
    // The file given before stays the answer.
    expect(given).toEqual({ file_id: "f-1", name: "physical.pdf", kind: "pdf" });
  });
});
