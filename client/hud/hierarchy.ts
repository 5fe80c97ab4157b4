import { useQuery } from '@tanstack/react-query';
import type { HierarchyNode } from '../../schema/api/territories.ts';
import { readQuery } from '../state/query.ts';
import { flattenHierarchy } from '../../schema/rules/feudal.ts';

export function useHierarchy() {
  return useQuery(readQuery('/territories/hierarchy'));
}

export function findNode(roots: readonly HierarchyNode[], id: number): HierarchyNode | undefined {
  return flattenHierarchy(roots).find((node) => node.id === id);
}
