package org.rebalancesim.calibration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rebalancesim.scenario.Variant;

/**
 * What the group coordinator itself says about a group's rebalances, read from an embedded
 * broker's log: a client cannot see when the coordinator starts a rebalance (a new member's JoinGroup
 * arrives after its cold start-up requests, an eviction happens at the broker), so without this the
 * measured start is a guess from the clients' signs ({@link RebalanceSpans}). The lines are
 * GroupMetadataManager's INFO messages in Kafka 4.4.0 (its string constants, read with javap):
 * <ul>
 *   <li>{@code coordinatorPreparing}: "Preparing to rebalance group G in state S with old generation N
 *       (reason: ...)", the group entering PreparingRebalance (prepareRebalance);</li>
 *   <li>{@code coordinatorJoinComplete}: "Stabilized group G generation N with K members.", the join phase's
 *       end, when the JoinGroup answers go out (completeClassicGroupJoin, with {@code generation} N);</li>
 *   <li>{@code coordinatorStable}: "Assignment received from leader L for group G for generation N",
 *       the leader's SyncGroup that makes the group Stable (with {@code generation} N and, as the event's
 *       {@code memberId}, the leader's member id L);</li>
 *   <li>{@code coordinatorEmpty}: "Group G with generation N is now empty";</li>
 *   <li>{@code coordinatorEpochBumped}: a consumer group's "[GroupId G] Bumped group epoch to N", the
 *       start of a KIP-848 rebalance (a new target to compute and reconcile to);</li>
 *   <li>{@code coordinatorNewMember}: "Dynamic member with unknown member id joins group G in S state.
 *       Created a new member id M and ...", a new dynamic classic member's first JoinGroup, with the pod
 *       (its client.id: M is the client id, a dash and a UUID) as the event's pod; and a static member's
 *       first request, which names its {@code group.instance.id}: classic, "Static member with
 *       groupInstanceId=I and unknown member id joins group G in S state. ..."; consumer protocol, its
 *       first heartbeat, "[GroupId G] Static member M with instance id I joins the consumer group using
 *       the consumer protocol." or, when it replaces itself after a restart, "[GroupId G] Static member
 *       with instance id I re-joins the consumer group ...", with the pod whose instance id is I; and a
 *       dynamic consumer-protocol member's first heartbeat, "[GroupId G] Member M joins the consumer group
 *       using the consumer protocol.", where M is the id the client made for itself (KIP-1082), which the
 *       pod's worker reported with its first member epoch;</li>
 *   <li>{@code coordinatorRemoved}: the coordinator removing a member whose session expired, classic
 *       "Member M in group G has failed, removing it from the group." (expireClassicGroupMemberHeartbeat)
 *       or consumer protocol "[GroupId G] Member M fenced from the group because the member session
 *       expired.", with M's pod as the event's pod (a reported member id, else M's prefix: the
 *       group.instance.id or client id a classic member id begins with). The clients cannot see this
 *       moment, a heartbeat interval or less before their session's end (the last heartbeat's phase);</li>
 *   <li>{@code coordinatorLeft}: the coordinator taking a member's LeaveGroup (a dynamic member's close,
 *       a poll timeout), classic "[Group G] Member M has left group through explicit `LeaveGroup`
 *       request; ...", consumer protocol "[GroupId G] Member M left the consumer group." (and the static
 *       and classic-member forms), with M's pod: the member leaves the group there, before its close()
 *       returns. A static consumer-protocol member's "temporarily left" keeps its place: not this.</li>
 *   <li>{@code coordinatorToConsumerGroup} and {@code coordinatorToClassicGroup}: "[GroupId G] Converted the
 *       classic group to a consumer group." and the reverse, each also with "empty" (docs/kafka-semantics.md
 *       §21): from there the group's rebalances are those of its new type ({@link RebalanceSpans});</li>
 *   <li>a KIP-1071 streams group's lines (docs/kafka-semantics.md §27), all prefixed "[GroupId G][MemberId M]"
 *       but the fencing: "Bumped streams group epoch to N ..." ({@code coordinatorEpochBumped}); "Member joins
 *       the streams group.", "Static member M with instance id I joins the streams group." and "Static member
 *       with instance id I re-joins the streams group ..." ({@code coordinatorNewMember}); "[GroupId G]
 *       Streams member M fenced from the group because the member session expired." ({@code
 *       coordinatorRemoved}); "Member M left the streams group." and "Static member M with instance id I left
 *       the streams group." ({@code coordinatorLeft}; "temporarily left", epoch -2, keeps the member). M is the
 *       id the client made for itself, which the coordinator reported with the member's epoch
 *       ({@link GroupStatePoller}); I is the instance id plus the thread's index.</li>
 * </ul>
 * Each becomes a "cluster" event at the line's wall-clock ms on the run's clock: the broker's
 * slf4j-simple logger stamps each line in {@link #TIMESTAMP_FORMAT}, UTC (EmbeddedBroker sets both).
 */
final class CoordinatorLog {

    static final String PREPARING = "coordinatorPreparing";
    static final String JOIN_COMPLETE = "coordinatorJoinComplete";
    static final String STABLE = "coordinatorStable";
    static final String EMPTY = "coordinatorEmpty";
    static final String EPOCH_BUMPED = "coordinatorEpochBumped";
    static final String NEW_MEMBER = "coordinatorNewMember";
    static final String REMOVED = "coordinatorRemoved";
    static final String LEFT = "coordinatorLeft";
    static final String TO_CONSUMER_GROUP = "coordinatorToConsumerGroup";
    static final String TO_CLASSIC_GROUP = "coordinatorToClassicGroup";
    /** Every type of event this log gives. */
    static final Set<String> TYPES = Set.of(PREPARING, JOIN_COMPLETE, STABLE, EMPTY, EPOCH_BUMPED, NEW_MEMBER, REMOVED, LEFT);
    /**
     * Kafka Streams 4.4.0 names its one stream thread's consumer after the instance: client.id plus this
     * (StreamThread), group.instance.id plus "-1" (StreamsConfig#getMainConsumerConfigs).
     */
    static final String STREAM_THREAD_CLIENT_SUFFIX = "-StreamThread-1-consumer";
    static final String STREAM_THREAD_INSTANCE_SUFFIX = "-1";
    /** A classic member id: the client id, "-", and a java.util.UUID (36 characters). */
    private static final int MEMBER_ID_SUFFIX = 37;

    /** The broker's logger for group decisions. */
    static final String LOGGER = "org.apache.kafka.coordinator.group.GroupMetadataManager";
    /** slf4j-simple's dateTimeFormat (a SimpleDateFormat pattern) for the broker, in UTC. */
    static final String TIMESTAMP_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'";

    private static final Pattern LINE = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z) (.*)$");

    private CoordinatorLog() {
    }

    /**
     * The coordinator's events of group {@code groupId} in {@code file}, in the file's order;
     * {@code podsByName} names the pod of each {@code group.instance.id} and of each consumer-protocol member
     * id the workers reported.
     */
    static List<MeasuredEvent> read(Path file, String groupId, Map<String, String> podsByName, RunClock clock)
            throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), groupId, podsByName, clock);
    }

    /**
     * The names the coordinator's log gives the run's pods: each static pod's group.instance.id, and each
     * member id a worker reported with its member epoch ({@code podsByMemberId}, a new one at every start).
     */
    static Map<String, String> podsByName(Variant variant, Map<String, String> podsByMemberId) {
        Map<String, String> pods = new LinkedHashMap<>();
        boolean streams = variant.consumers().isStreams();
        for (String pod : variant.consumers().all()) {
            String instanceId = variant.consumers().configOf(pod).instanceIdOf(pod);
            if (instanceId != null) {
                // A stream thread's consumer is the instance id, "-" and the thread's index (StreamsConfig).
                pods.put(streams ? instanceId + STREAM_THREAD_INSTANCE_SUFFIX : instanceId, pod);
            }
            if (streams) {
                pods.put(pod + STREAM_THREAD_CLIENT_SUFFIX, pod);
            }
        }
        pods.putAll(podsByMemberId);
        return pods;
    }

    static List<MeasuredEvent> parse(List<String> lines, String groupId, Map<String, String> podsByName,
                                     RunClock clock) {
        GroupLines group = new GroupLines(Pattern.quote(groupId));
        List<MeasuredEvent> events = new ArrayList<>();
        for (String line : lines) {
            Matcher stamped = LINE.matcher(line);
            if (!stamped.matches() || !stamped.group(2).contains(LOGGER)) {
                continue;
            }
            long atMs = clock.scale().scenarioMs(Instant.parse(stamped.group(1)).toEpochMilli() - clock.epochMs());
            MeasuredEvent event = group.eventOf(stamped.group(2), atMs, podsByName);
            if (event != null) {
                events.add(event);
            }
        }
        return events;
    }

    /** The coordinator's messages about one group, as patterns (the class comment lists them). */
    private static final class GroupLines {
        final Pattern preparing;
        final Pattern joinComplete;
        final Pattern stable;
        final Pattern empty;
        final Pattern bumped;
        final Pattern newMember;
        /**
         * A member's first request that names it: by its group.instance.id (classic; consumer protocol, new or
         * replacing itself), or by the id a dynamic consumer-protocol client made for itself.
         */
        final Pattern namedMember;
        final Pattern removed;
        /** "temporarily left" (a static consumer-protocol member's close) keeps the member: not matched. */
        final Pattern left;
        /** The group id changing type (docs/kafka-semantics.md §21), online or, "empty", offline. */
        final Pattern converted;

        GroupLines(String group) {
            preparing = Pattern.compile("Preparing to rebalance group " + group
                    + " in state \\w+ with old generation (-?\\d+) ");
            joinComplete = Pattern.compile("Stabilized group " + group + " generation (-?\\d+) with ");
            stable = Pattern.compile("Assignment received from leader (\\S+) for group " + group
                    + " for generation (-?\\d+)\\.");
            empty = Pattern.compile("Group " + group + " with generation (-?\\d+) is now empty\\.");
            bumped = Pattern.compile("\\[GroupId " + group + "\\] Bumped group epoch to (\\d+) |\\[GroupId " + group
                    + "\\]\\[MemberId \\S+\\] Bumped streams group epoch to (\\d+) ");
            newMember = Pattern.compile("Dynamic member with unknown member id joins group " + group
                    + " in \\w+ state\\. Created a new member id (\\S+) and ");
            namedMember = Pattern.compile("Static member with groupInstanceId=(\\S+) and unknown member id"
                    + " joins group " + group + " in \\w+ state\\. |\\[GroupId " + group
                    + "\\] Static member (?:\\S+ )?with instance id (\\S+) (?:re-)?joins the consumer group "
                    + "|\\[GroupId " + group + "\\] Member (\\S+) joins the consumer group "
                    + "|\\[GroupId " + group + "\\]\\[MemberId \\S+\\] Static member (?:\\S+ )?with instance id (\\S+)"
                    + " (?:re-)?joins the streams group|\\[GroupId " + group
                    + "\\]\\[MemberId (\\S+)\\] Member joins the streams group\\.");
            converted = Pattern.compile("\\[GroupId " + group + "\\] Converted the (?:empty )?(?:classic|consumer) group"
                    + " to a (consumer|classic) group\\.");
            removed = Pattern.compile("Member (\\S+) in group " + group + " has failed, removing it from the"
                    + " group\\.|\\[GroupId " + group + "\\] Member (\\S+) fenced from the group because the member"
                    + " session expired|\\[GroupId " + group + "\\] Streams member (\\S+) fenced from the group because"
                    + " the member session expired");
            left = Pattern.compile("\\[Group " + group + "\\] (?:Pending )?Member (\\S+) has left group through"
                    + " explicit `LeaveGroup`|\\[GroupId " + group + "\\] (?:Dynamic |Static )?[Mm]ember (\\S+)"
                    + " (?:with instance id \\S+ )?(?:has left group through explicit `LeaveGroup`"
                    + "|left the consumer group\\.)|\\[GroupId " + group
                    + "\\]\\[MemberId \\S+\\] (?:Static )?[Mm]ember"
                    + " (\\S+) (?:with instance id \\S+ )?left the streams group\\.");
        }

        /** The event {@code message} tells, or null (another group's, or a message this log does not read). */
        MeasuredEvent eventOf(String message, long atMs, Map<String, String> podsByName) {
            Matcher m;
            if ((m = converted.matcher(message)).find()) {
                return event(atMs, "consumer".equals(m.group(1)) ? TO_CONSUMER_GROUP : TO_CLASSIC_GROUP, -1);
            } else if ((m = preparing.matcher(message)).find()) {
                return event(atMs, PREPARING, Integer.parseInt(m.group(1)) + 1);
            } else if ((m = joinComplete.matcher(message)).find()) {
                return event(atMs, JOIN_COMPLETE, Integer.parseInt(m.group(1)));
            } else if ((m = stable.matcher(message)).find()) {
                return event(atMs, STABLE, Integer.parseInt(m.group(2)), m.group(1));
            } else if ((m = empty.matcher(message)).find()) {
                return event(atMs, EMPTY, Integer.parseInt(m.group(1)));
            } else if ((m = bumped.matcher(message)).find()) {
                return event(atMs, EPOCH_BUMPED, Integer.parseInt(firstMatched(m)));
            } else if ((m = newMember.matcher(message)).find() && m.group(1).length() > MEMBER_ID_SUFFIX) {
                return podEvent(atMs, podOfMember(m.group(1), podsByName), NEW_MEMBER);
            } else if ((m = namedMember.matcher(message)).find()) {
                String pod = podsByName.get(firstMatched(m));
                return pod == null ? null : podEvent(atMs, pod, NEW_MEMBER);
            } else if ((m = removed.matcher(message)).find()) {
                return podEvent(atMs, podOfMember(firstMatched(m), podsByName), REMOVED);
            } else if ((m = left.matcher(message)).find()) {
                return podEvent(atMs, podOfMember(firstMatched(m), podsByName), LEFT);
            }
            return null;
        }
    }

    /** A reported member id's pod, else the name a classic member id begins with (instance id or client id). */
    static String podOfMember(String memberId, Map<String, String> podsByName) {
        if (podsByName.containsKey(memberId) || memberId.length() <= MEMBER_ID_SUFFIX) {
            return podsByName.getOrDefault(memberId, memberId);
        }
        String prefix = classicPrefix(memberId);
        return podsByName.getOrDefault(prefix, prefix);
    }

    /** The client id or group.instance.id a classic member id (longer than its UUID suffix) begins with. */
    private static String classicPrefix(String memberId) {
        return memberId.substring(0, memberId.length() - MEMBER_ID_SUFFIX);
    }

    /** The name the alternative that matched captured. */
    private static String firstMatched(Matcher m) {
        for (int i = 1; i <= m.groupCount(); i++) {
            if (m.group(i) != null) {
                return m.group(i);
            }
        }
        return null;
    }

    private static MeasuredEvent podEvent(long atMs, String pod, String type) {
        return new MeasuredEvent(atMs, pod, type, List.of(), -1, null, -1, -1, -1, null, null);
    }

    private static MeasuredEvent event(long atMs, String type, int generation) {
        return event(atMs, type, generation, null);
    }

    /** A group event naming the member it concerns ({@code memberId}, or null). */
    private static MeasuredEvent event(long atMs, String type, int generation, String memberId) {
        return new MeasuredEvent(atMs, EventLog.CLUSTER, type, List.of(), generation, null, -1, -1, -1, null, memberId);
    }
}
