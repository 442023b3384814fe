import { useDataProvider } from "@refinedev/core";
import { useCallback } from "react";
import { authApi } from "../../resources/auth/auth";

/**
 * The interaction check the console makes before an add or edit form (1 §7, 2 §7), through the one
 * data provider. Its answer is unused and its failure never stops the form: it resolves either way.
 */
export function useInterCheck(): () => Promise<void> {
  const dataProvider = useDataProvider();
  return useCallback(
    () =>
      dataProvider()
        .custom!({ url: authApi.interCheck.path, method: "get", meta: { endpoint: authApi.interCheck } })
        .then(
          () => undefined,
          () => undefined,
        ),
    [dataProvider],
  );
}
