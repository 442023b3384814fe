import { Alert, Typography } from "antd";
import type { SavedPartProps } from "../../engine/registry";

/**
 * The private key a right code opened (3 §2.7), under the view dialog's form with a copy button.
 * It lives only while the dialog is open: closed, the page shows the masked key again.
 */
export function AppKeyShown({ answer }: SavedPartProps) {
  const key = (answer as { data?: { key?: unknown } } | undefined)?.data?.key;
  if (typeof key !== "string") return null;
  return (
    <Alert
      style={{ marginTop: 16 }}
      type="info"
      message="私钥"
      description={
        <Typography.Paragraph copyable={{ text: key }} code style={{ marginBottom: 0, wordBreak: "break-all" }} data-testid="app-key">
          {key}
        </Typography.Paragraph>
      }
    />
  );
}
