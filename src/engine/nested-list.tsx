import type { BaseRecord } from "@refinedev/core";
import { Flex, Typography } from "antd";
import { useMemo } from "react";
import { rulesHold } from "../../resources/kernel/row-actions";
import type { NestedListDecl } from "../../resources/kernel/list-pages";
import type { ResourceDecl } from "../../resources/kernel/define";
import { readField } from "./record-fields";
import { ResourceTable } from "./resource-table";
import type { ListCall } from "./use-resource-rows";

/**
 * An expanded row's nested list (`nested` in resources/kernel/define.ts; 2 §2: a main classroom's
 * sub-classes): the other declaration's engine table for the row's parameters, paged in its own
 * state (the address keeps the outer list's page), under its title; nothing for rows its rules
 * leave out.
 */
export function NestedList({ owner, nested, row }: { owner: ResourceDecl; nested: NestedListDecl; row: BaseRecord }) {
  const paramKey = JSON.stringify(Object.entries(nested.params).map(([param, field]) => [param, row[field]]));
  const listCall = useMemo<ListCall>(() => {
    const params = Object.fromEntries(JSON.parse(paramKey) as [string, string | number][]);
    return () => ({ api: nested.decl.api, params });
  }, [paramKey, nested.decl.api]);
  if (!rulesHold(nested.when, row)) return null;
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }} role="region" aria-label={`${String(readField(row, owner.label) ?? "")}的${nested.title}`}>
      <Typography.Text strong>{nested.title}</Typography.Text>
      <ResourceTable decl={nested.decl} placeIn="state" listCall={listCall} />
    </Flex>
  );
}
