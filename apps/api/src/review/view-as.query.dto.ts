import { ViewAsQuery, type ViewName } from '../viewers/view-as';

/** A read that takes no parameter but `?as=` (the organiser's choice of view). */
export class ViewAsQueryDto {
  @ViewAsQuery()
  as?: ViewName;
}
