package org.rebalancesim.coordinator;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** Which assignor protocol a classic group uses (Kafka's ClassicGroup.selectProtocol / supportsProtocols). */
final class ProtocolSelection {

    private ProtocolSelection() {
    }

    /** The protocol names every member supports, in the order of {@code first}'s list. */
    static Set<String> candidates(Collection<ClassicGroupMember> members, ClassicGroupMember first) {
        Set<String> candidates = new LinkedHashSet<>();
        for (Protocol protocol : first.protocols()) {
            if (members.stream().allMatch(m -> m.supports(protocol.name()))) {
                candidates.add(protocol.name());
            }
        }
        return candidates;
    }

    /**
     * Each member votes for the first protocol of its own list that every member supports; the most
     * votes wins. Kafka breaks ties in HashMap order; here the earliest in the leader's list wins.
     */
    static String select(String groupId, Collection<ClassicGroupMember> members, ClassicGroupMember leader) {
        if (members.isEmpty()) {
            throw new IllegalStateException("group " + groupId + ": cannot select a protocol without members");
        }
        Set<String> candidates = candidates(members, leader);
        if (candidates.isEmpty()) {
            throw new IllegalStateException("group " + groupId + ": no protocol is supported by every member");
        }
        Map<String, Integer> votes = new LinkedHashMap<>();
        for (ClassicGroupMember member : members) {
            votes.merge(member.vote(candidates), 1, Integer::sum);
        }
        String best = null;
        int bestVotes = 0;
        for (String name : candidates) {
            int count = votes.getOrDefault(name, 0);
            if (count > bestVotes) {
                best = name;
                bestVotes = count;
            }
        }
        return best;
    }
}
